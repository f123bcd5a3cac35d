import { mcpTask } from 'vitest-mcp-bench'

/**
 * Hard tier, trip planning over the national-parks, weather and google-maps
 * fixtures (with time, math or unit conversion where a trip needs them).
 * Each task has several goals and a choice that only the data can settle:
 * the park with the fewest alerts, the drier day, the cheaper option. The
 * fuzzy text states what the travellers want; which calls answer it, and in
 * what order, is for the agent to work out.
 */

mcpTask('hard/national-parks+google-maps+weather/utah-quietest-park', {
  servers: ['national-parks', 'google-maps', 'weather'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt:
    'List the national parks in Utah (state code UT). Get the current alerts of each, and one distance matrix from Salt Lake City to all of them. Pick the park with the fewest alerts, breaking a tie by the shorter drive from Salt Lake City. For that park get its campgrounds, a 4-day weather forecast, and driving directions from Salt Lake City. The forecast names the town it is for: search that town for lodging and get the details (phone) of the place found. Report the chosen park and why, its alert, the drive (distance and time), the hottest of the four days, the campground with the most sites and its nightly fee, and the lodging with its phone number.',
  fuzzy:
    'Four of us fly into Salt Lake City and have four days for a single national park in Utah. We would rather go where the park service has the fewest warnings out right now, and if two parks tie on that, the shorter drive from Salt Lake City wins. Once you have picked one, tell us why, what the warning is, how far the drive is and how long it takes, which of the four days will be the hottest, which campground in the park is the biggest and what a night there costs, and a place to sleep in the town nearest the park, with a phone number we can call.',
  reference: {
    calls: [
      { id: 'parks', tool: 'national-parks.findParks', args: { stateCode: 'UT' } },
      { id: 'alerts-zion', tool: 'national-parks.getAlerts', args: { parkCode: 'zion' }, after: ['parks'] },
      { id: 'alerts-brca', tool: 'national-parks.getAlerts', args: { parkCode: 'brca' }, after: ['parks'] },
      { id: 'alerts-arch', tool: 'national-parks.getAlerts', args: { parkCode: 'arch' }, after: ['parks'] },
      { id: 'alerts-cany', tool: 'national-parks.getAlerts', args: { parkCode: 'cany' }, after: ['parks'] },
      {
        id: 'drives',
        tool: 'google-maps.maps_distance_matrix',
        args: {
          origins: ['Salt Lake City'],
          destinations: ['Zion National Park', 'Bryce Canyon National Park', 'Arches National Park', 'Canyonlands National Park'],
        },
        after: ['parks'],
      },
      {
        id: 'camps',
        tool: 'national-parks.getCampgrounds',
        args: { parkCode: 'cany' },
        after: ['alerts-zion', 'alerts-brca', 'alerts-arch', 'alerts-cany', 'drives'],
      },
      {
        id: 'forecast',
        tool: 'weather.get_weather_forecast_tool',
        args: { city: 'Canyonlands National Park', days: 4 },
        after: ['alerts-zion', 'alerts-brca', 'alerts-arch', 'alerts-cany', 'drives'],
      },
      {
        id: 'route',
        tool: 'google-maps.maps_directions',
        args: { origin: 'Salt Lake City', destination: 'Canyonlands National Park' },
        after: ['alerts-zion', 'alerts-brca', 'alerts-arch', 'alerts-cany', 'drives'],
      },
      {
        id: 'lodging',
        tool: 'google-maps.search_nearby',
        args: { center: { value: 'Moab' }, keyword: 'lodging', radius: 20000 },
        after: ['forecast'],
      },
      { id: 'lodging-details', tool: 'google-maps.get_place_details', args: { placeId: 'pl_red_cliffs_motor_inn' }, after: ['lodging'] },
    ],
    answer:
      'Go to Canyonlands National Park. Bryce Canyon and Canyonlands each have a single alert (Zion and Arches have two), and Canyonlands is the shorter drive from Salt Lake City: 435 km against 546 km. Its alert: the White Rim Road is closed by a washout near Murphy Hogback. The drive is 435 km, about 5 hours 37 mins. The forecast is for Moab: 37.1 °C on 2025-06-15, 36.7 °C, 36.4 °C and 34.3 °C, so the first day, 2025-06-15, is the hottest. The biggest campground is Needles Campground with 26 sites at $20.00 a night (Willow Flat has 12). In Moab, the Red Cliffs Motor Inn (250 N Main St) can be reached on (435) 555-0139.',
    facts: [
      { value: 'Canyonlands', goal: 'choice' },
      { value: '435', unit: 'km', goal: 'drive' },
      { value: '546', unit: 'km', goal: 'choice' },
      { value: 'White Rim', goal: 'choice' },
      { value: '37.1', unit: '°C', goal: 'weather' },
      { value: 'Needles', goal: 'camping' },
      { value: '$20.00', goal: 'camping' },
      { value: 'Red Cliffs Motor Inn', goal: 'lodging' },
      {
        value: '(435) 555-0139',
        anyOf: ['435-555-0139', '435.555.0139', '435 555 0139', '+1 435 555 0139', '+1-435-555-0139'],
        goal: 'lodging',
      },
    ],
  },
})

mcpTask('hard/national-parks+google-maps+weather/colorado-no-closures', {
  servers: ['national-parks', 'google-maps', 'weather'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt:
    'List the national parks in Colorado (state code CO), get the current alerts of each and one distance matrix from Denver to all of them. Drop any park with a "Park Closure" alert and take the closest remaining one by driving distance. For it, get a 3-day forecast, its campgrounds, its events from 2025-06-15 to 2025-06-17, and lodging near its gateway town (the town the forecast is for), with the details of each lodging found. Pick the driest of the three days (lowest chance of rain) and get driving directions from Denver leaving at 07:00 local time (UTC-6) that day. Report the park and why, the driest day and the arrival time, the largest campground and its fee, the events on the driest day, and the cheaper lodging (lower price level) with its phone.',
  fuzzy:
    "We live in Denver and want to spend one day in one of Colorado's national parks this week. Skip any park that has part of it closed right now, and of the rest take the one that is the shortest drive. Which day of the next three is least likely to rain? We would leave home at 7 in the morning that day: when would we get there? What ranger programs are on that day, which is the biggest campground and what does it cost per night, and where could we stay cheaply in the town by the park (phone number please)?",
  reference: {
    calls: [
      { id: 'parks', tool: 'national-parks.findParks', args: { stateCode: 'CO' } },
      { id: 'alerts-romo', tool: 'national-parks.getAlerts', args: { parkCode: 'romo' }, after: ['parks'] },
      { id: 'alerts-grsa', tool: 'national-parks.getAlerts', args: { parkCode: 'grsa' }, after: ['parks'] },
      { id: 'alerts-meve', tool: 'national-parks.getAlerts', args: { parkCode: 'meve' }, after: ['parks'] },
      {
        id: 'drives',
        tool: 'google-maps.maps_distance_matrix',
        args: {
          origins: ['Denver'],
          destinations: ['Rocky Mountain National Park', 'Great Sand Dunes National Park and Preserve', 'Mesa Verde National Park'],
        },
        after: ['parks'],
      },
      {
        id: 'forecast',
        tool: 'weather.get_weather_forecast_tool',
        args: { city: 'Rocky Mountain National Park', days: 3 },
        after: ['alerts-romo', 'alerts-grsa', 'alerts-meve', 'drives'],
      },
      {
        id: 'camps',
        tool: 'national-parks.getCampgrounds',
        args: { parkCode: 'romo' },
        after: ['alerts-romo', 'alerts-grsa', 'alerts-meve', 'drives'],
      },
      {
        id: 'events',
        tool: 'national-parks.getEvents',
        args: { parkCode: 'romo', dateStart: '2025-06-15', dateEnd: '2025-06-17' },
        after: ['alerts-romo', 'alerts-grsa', 'alerts-meve', 'drives'],
      },
      {
        id: 'lodging',
        tool: 'google-maps.search_nearby',
        args: { center: { value: 'Estes Park' }, keyword: 'lodging', radius: 10000 },
        after: ['forecast'],
      },
      {
        id: 'route',
        tool: 'google-maps.maps_directions',
        args: { origin: 'Denver', destination: 'Rocky Mountain National Park', departure_time: '2025-06-17T07:00:00-06:00' },
        after: ['forecast'],
      },
      { id: 'stanley-details', tool: 'google-maps.get_place_details', args: { placeId: 'pl_the_stanley_hotel' }, after: ['lodging'] },
      { id: 'elkhorn-details', tool: 'google-maps.get_place_details', args: { placeId: 'pl_elkhorn_trail_lodge' }, after: ['lodging'] },
    ],
    answer:
      'Mesa Verde is out: Wetherill Mesa is closed for road construction. Of Rocky Mountain (129 km from Denver) and Great Sand Dunes (435 km), Rocky Mountain National Park is the closest. In Estes Park the chance of rain is 70% on 2025-06-15, 72% on 2025-06-16 and 65% on 2025-06-17, so 2025-06-17 is the driest day. Leaving Denver at 07:00 that day you arrive at about 08:42 (129 km, 1 hour 43 mins). On 2025-06-17 there is the Bear Lake Nature Walk (10:00 AM) and the Elk and Wildlife Talk (02:00 PM). The largest campground is Moraine Park Campground with 244 sites at $35.00 a night. Of the two lodgings in Estes Park, the Elkhorn Trail Lodge (price level 2) is cheaper than The Stanley Hotel (price level 3); its phone is (970) 555-0122.',
    facts: [
      { value: 'Rocky Mountain', goal: 'choice' },
      // The closure, or the park it rules out.
      { value: 'Wetherill Mesa', anyOf: ['Mesa Verde'], goal: 'choice' },
      { value: '2025-06-17', anyOf: ['17 June', 'June 17', '17 Jun', 'Jun 17', '17th June', 'June 17th'], goal: 'day' },
      { value: '08:42', goal: 'day' },
      { value: 'Elk and Wildlife Talk', goal: 'day' },
      { value: 'Moraine Park', goal: 'camping' },
      { value: '$35.00', goal: 'camping' },
      { value: 'Elkhorn Trail Lodge', goal: 'lodging' },
      {
        value: '(970) 555-0122',
        anyOf: ['970-555-0122', '970.555.0122', '970 555 0122', '+1 970 555 0122', '+1-970-555-0122'],
        goal: 'lodging',
      },
    ],
  },
})

mcpTask('hard/national-parks+weather+google-maps/california-desert-heat', {
  servers: ['national-parks', 'weather', 'google-maps'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 4,
  prompt:
    'Compare Joshua Tree and Death Valley national parks for a trip from Los Angeles: find each park\'s code with the national parks search, get each park\'s alerts and a 3-day forecast for each park. Rule out a park with a "Danger" alert; if both or neither have one, take the park with the lower 3-day maximum temperature. For the chosen park get its campgrounds, its events from 2025-06-15 to 2025-06-30, driving directions from Los Angeles, and lodging within 15 km of the town its forecast is for; then get the details of the best-rated lodging found. Report the choice and the reason, the hottest forecast day there, the open campground with room for a 35-foot RV and its fee, the paid event and its fee, the drive, and the lodging with its phone.',
  fuzzy:
    'We are driving out from Los Angeles for a few desert days and cannot decide between Joshua Tree and Death Valley. Safety first: if the park service is warning of real danger at one of them, go to the other; otherwise pick the one that will be less hot over the next three days. For the park you choose: how hot will it get at worst, which open campground can take our 35-foot RV and what does it cost, is there any guided activity we would have to pay for (and how much), how long is the drive, and which is the best-rated place to stay in the town next to the park, with its phone number?',
  reference: {
    calls: [
      { id: 'find-jotr', tool: 'national-parks.findParks', args: { q: 'Joshua Tree' } },
      { id: 'find-deva', tool: 'national-parks.findParks', args: { q: 'Death Valley' } },
      { id: 'forecast-jotr', tool: 'weather.get_weather_forecast_tool', args: { city: 'Joshua Tree National Park', days: 3 } },
      { id: 'forecast-deva', tool: 'weather.get_weather_forecast_tool', args: { city: 'Death Valley National Park', days: 3 } },
      { id: 'alerts-jotr', tool: 'national-parks.getAlerts', args: { parkCode: 'jotr' }, after: ['find-jotr'] },
      { id: 'alerts-deva', tool: 'national-parks.getAlerts', args: { parkCode: 'deva' }, after: ['find-deva'] },
      {
        id: 'camps',
        tool: 'national-parks.getCampgrounds',
        args: { parkCode: 'jotr' },
        after: ['alerts-jotr', 'alerts-deva', 'forecast-jotr', 'forecast-deva'],
      },
      {
        id: 'events',
        tool: 'national-parks.getEvents',
        args: { parkCode: 'jotr', dateStart: '2025-06-15', dateEnd: '2025-06-30' },
        after: ['alerts-jotr', 'alerts-deva', 'forecast-jotr', 'forecast-deva'],
      },
      {
        id: 'route',
        tool: 'google-maps.maps_directions',
        args: { origin: 'Los Angeles', destination: 'Joshua Tree National Park' },
        after: ['alerts-jotr', 'alerts-deva', 'forecast-jotr', 'forecast-deva'],
      },
      {
        id: 'lodging',
        tool: 'google-maps.search_nearby',
        args: { center: { value: 'Twentynine Palms' }, keyword: 'lodging', radius: 15000 },
        after: ['alerts-jotr', 'alerts-deva', 'forecast-jotr', 'forecast-deva'],
      },
      { id: 'lodging-details', tool: 'google-maps.get_place_details', args: { placeId: 'pl_mojave_sands_inn' }, after: ['lodging'] },
    ],
    answer:
      'Joshua Tree. Death Valley has a Danger alert ("Extreme heat danger"), Joshua Tree only a Caution ("Summer heat warning"); Joshua Tree is also cooler (Twentynine Palms peaks at 41.5 °C on 2025-06-16, against 46.2 °C at Furnace Creek). Black Rock Campground is open and takes RVs up to 35 feet, at $25.00 a night (Jumbo Rocks only takes 30 feet). The Keys Ranch Guided Tour costs $10 per person. The drive from Los Angeles is 263 km, about 3 hours 24 mins. The best-rated place to stay in Twentynine Palms is the Mojave Sands Inn (rating 4.2), phone (760) 555-0143.',
    facts: [
      // Death Valley's danger alert (the reason) and Joshua Tree's own forecast (the pick).
      { value: 'extreme heat', goal: 'choice' },
      { value: '41.5', unit: '°C', goal: 'choice' },
      { value: 'Black Rock', goal: 'camping' },
      { value: '$25.00', goal: 'camping' },
      { value: 'Keys Ranch', goal: 'activities' },
      {
        value: '$10 per person',
        anyOf: ['$10 a person', '$10 each', '$10/person', '$10 pp', '$10 per head', '$10 per adult'],
        goal: 'activities',
      },
      { value: 'Mojave Sands Inn', goal: 'lodging' },
      {
        value: '(760) 555-0143',
        anyOf: ['760-555-0143', '760.555.0143', '760 555 0143', '+1 760 555 0143', '+1-760-555-0143'],
        goal: 'lodging',
      },
    ],
  },
})

mcpTask('hard/national-parks+google-maps+weather/seattle-open-roads', {
  servers: ['national-parks', 'google-maps', 'weather'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 5,
  prompt:
    'From Seattle, choose between Olympic and Mount Rainier national parks (find their codes with the parks search for Washington, state code WA). Get both parks\' alerts and one distance matrix from Seattle to both. Exclude a park with a "Park Closure" alert; if neither has one, take the shorter drive. For the chosen park get a 4-day forecast, its campgrounds, its events from 2025-06-15 to 2025-06-18 and its visitor centers; get driving directions from Seattle, and lodging within 10 km of the forecast town with the details of the first place found. Report the choice and the reason, the wettest of the four days with its chance of rain, the cheapest open campground and its fee, the events in those days, and the lodging and phone and the visitor center in that town.',
  fuzzy:
    "We are in Seattle with four free days and a car, and it is Olympic or Mount Rainier. We do not want to find a road closed when we get there, so avoid any park that has something shut right now. For the park that is left: which of the four days is most likely to be wet and how likely, which is the cheapest campground that is open and its price per night, what ranger-led things are on during those four days, how far is the drive, and a place to sleep in the town the park's weather is reported for, with a phone number, plus the park's visitor centre in that town.",
  reference: {
    calls: [
      { id: 'parks', tool: 'national-parks.findParks', args: { stateCode: 'WA' } },
      { id: 'alerts-olym', tool: 'national-parks.getAlerts', args: { parkCode: 'olym' }, after: ['parks'] },
      { id: 'alerts-mora', tool: 'national-parks.getAlerts', args: { parkCode: 'mora' }, after: ['parks'] },
      {
        id: 'drives',
        tool: 'google-maps.maps_distance_matrix',
        args: { origins: ['Seattle'], destinations: ['Olympic National Park', 'Mount Rainier National Park'] },
        after: ['parks'],
      },
      {
        id: 'forecast',
        tool: 'weather.get_weather_forecast_tool',
        args: { city: 'Olympic National Park', days: 4 },
        after: ['alerts-olym', 'alerts-mora', 'drives'],
      },
      { id: 'camps', tool: 'national-parks.getCampgrounds', args: { parkCode: 'olym' }, after: ['alerts-olym', 'alerts-mora', 'drives'] },
      {
        id: 'events',
        tool: 'national-parks.getEvents',
        args: { parkCode: 'olym', dateStart: '2025-06-15', dateEnd: '2025-06-18' },
        after: ['alerts-olym', 'alerts-mora', 'drives'],
      },
      {
        id: 'centers',
        tool: 'national-parks.getVisitorCenters',
        args: { parkCode: 'olym' },
        after: ['alerts-olym', 'alerts-mora', 'drives'],
      },
      {
        id: 'route',
        tool: 'google-maps.maps_directions',
        args: { origin: 'Seattle', destination: 'Olympic National Park' },
        after: ['alerts-olym', 'alerts-mora', 'drives'],
      },
      {
        id: 'lodging',
        tool: 'google-maps.search_nearby',
        args: { center: { value: 'Port Angeles' }, keyword: 'lodging', radius: 10000 },
        after: ['forecast'],
      },
      { id: 'lodging-details', tool: 'google-maps.get_place_details', args: { placeId: 'pl_strait_view_motel' }, after: ['lodging'] },
    ],
    answer:
      'Olympic National Park: Mount Rainier has a Park Closure alert (Sunrise Road opens July 3), Olympic only an information alert about limited services at Hurricane Ridge. The forecast is for Port Angeles; the wettest of the four days is 2025-06-18 with a 29% chance of rain. The cheapest open campground is Hoh Campground at $25.00 a night (Kalaloch is $30.00). From 2025-06-15 to 2025-06-18 there are the Hoh Rain Forest Walk every day and the Kalaloch Tidepool Walk. The drive from Seattle is 265 km. In Port Angeles, the Strait View Motel answers on (360) 555-0147, and the Olympic National Park Visitor Center there is the place to stop first.',
    facts: [
      { value: 'Sunrise Road', goal: 'choice' },
      { value: '2025-06-18', anyOf: ['18 June', 'June 18', '18 Jun', 'Jun 18', '18th June', 'June 18th'], goal: 'weather' },
      { value: '29%', goal: 'weather' },
      { value: 'Hoh Campground', goal: 'camping' },
      { value: '$25.00', goal: 'camping' },
      { value: 'Kalaloch Tidepool Walk', goal: 'activities' },
      { value: '265', unit: 'km', goal: 'drive' },
      { value: 'Strait View Motel', goal: 'lodging' },
      {
        value: '(360) 555-0147',
        anyOf: ['360-555-0147', '360.555.0147', '360 555 0147', '+1 360 555 0147', '+1-360-555-0147'],
        goal: 'lodging',
      },
      { value: 'Olympic National Park Visitor Center', anyOf: ['Olympic National Park Visitor Centre'], goal: 'lodging' },
    ],
  },
})

mcpTask('hard/google-maps+national-parks+time/grand-canyon-fly-in', {
  servers: ['google-maps', 'national-parks', 'time'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 6,
  prompt:
    "Compare driving from Las Vegas and from Phoenix to Grand Canyon National Park with one distance matrix, and fly into the city with the shorter drive. Find the park with the parks search (query \"Grand Canyon\") for its code and entrance fees, and get its alerts. The flight lands at 14:30 local time: convert that to New York time (America/New_York) from the arrival city's time zone. Get driving directions from the arrival city to the park leaving at 15:30 local time on 2025-06-15, and convert the arrival time to New York time as well. Search lodging within 5 km of Grand Canyon Village, get the details of each lodging found, and choose the best-rated one whose price level is below 4. Get the park's events on 2025-06-15 and say whether any starts after the arrival. Then search for a tourist attraction within 5 km of the chosen lodging's coordinates and get the details and the elevation of the one found. Report the arrival city and the drive, both New York times, the private vehicle fee, the alerts, the lodging choice with its phone, whether an event can still be made, and the viewpoint with its rating and elevation.",
  fuzzy:
    'We are flying to see the Grand Canyon and can land in either Las Vegas or Phoenix: book whichever has the shorter drive to the park. The flight lands at 2:30 pm local time and my parents in New York want to know what time that is for them. We will pick up the car and leave at 3:30 pm today: when do we get to the park, in local time and in New York time? What does the park charge for a car, and is there anything the park is warning visitors about? We want to sleep right at the rim, in the best-rated place that is not in the most expensive price bracket, so give me its phone number. Is there any ranger program today that we could still make after arriving? And what is the nearest viewpoint to the lodge for sunrise, and how high up is it?',
  reference: {
    calls: [
      {
        id: 'drives',
        tool: 'google-maps.maps_distance_matrix',
        args: { origins: ['Las Vegas', 'Phoenix'], destinations: ['Grand Canyon National Park'] },
      },
      { id: 'park', tool: 'national-parks.findParks', args: { q: 'Grand Canyon' } },
      { id: 'alerts', tool: 'national-parks.getAlerts', args: { parkCode: 'grca' }, after: ['park'] },
      {
        id: 'events',
        tool: 'national-parks.getEvents',
        args: { parkCode: 'grca', dateStart: '2025-06-15', dateEnd: '2025-06-15' },
        after: ['park'],
      },
      {
        id: 'landing',
        tool: 'time.convert_time',
        args: { source_timezone: 'America/Phoenix', time: '14:30', target_timezone: 'America/New_York' },
        after: ['drives'],
      },
      {
        id: 'route',
        tool: 'google-maps.maps_directions',
        args: { origin: 'Phoenix', destination: 'Grand Canyon National Park', departure_time: '2025-06-15T15:30:00-07:00' },
        after: ['drives'],
      },
      {
        id: 'lodging',
        tool: 'google-maps.search_nearby',
        args: { center: { value: 'Grand Canyon Village' }, keyword: 'lodging', radius: 5000 },
      },
      { id: 'el-tovar', tool: 'google-maps.get_place_details', args: { placeId: 'pl_el_tovar_hotel' }, after: ['lodging'] },
      { id: 'bright-angel', tool: 'google-maps.get_place_details', args: { placeId: 'pl_bright_angel_lodge' }, after: ['lodging'] },
      {
        id: 'arrival',
        tool: 'time.convert_time',
        args: { source_timezone: 'America/Phoenix', time: '20:25', target_timezone: 'America/New_York' },
        after: ['route'],
      },
      {
        id: 'viewpoint',
        tool: 'google-maps.search_nearby',
        args: { center: { value: '36.0575,-112.141', isCoordinates: true }, keyword: 'tourist attraction', radius: 5000 },
        after: ['el-tovar', 'bright-angel'],
      },
      { id: 'viewpoint-details', tool: 'google-maps.get_place_details', args: { placeId: 'pl_mather_point' }, after: ['viewpoint'] },
      {
        id: 'viewpoint-elevation',
        tool: 'google-maps.maps_elevation',
        args: { locations: [{ latitude: 36.0617, longitude: -112.1077 }] },
        after: ['viewpoint'],
      },
    ],
    answer:
      'Fly into Phoenix: it is 421 km (4 hours 56 mins) to the park, against 593 km from Las Vegas. Landing at 14:30 in Phoenix is 17:30 in New York. Leaving at 15:30 you arrive at about 20:25 local time, which is 23:25 in New York. A private vehicle pays $35.00. Alerts: water refill stations may be unavailable, and a Danger alert for extreme heat in the inner canyon. On the rim, El Tovar Hotel is rated higher (4.5) but is in the top price level (4), so take the Bright Angel Lodge (4.3, price level 2), phone (928) 638-2631. The only program today is the Fossil Walk at 09:00 AM, so nothing can still be made after arriving. For sunrise, Mather Point (rated 4.9, at 2150 m) is about 3 km from the lodge.',
    facts: [
      { value: '421', unit: 'km', goal: 'flight' },
      { value: '17:30', anyOf: ['5:30 pm', '5:30pm', '5:30 p.m.'], goal: 'flight' },
      { value: '20:25', anyOf: ['8:25 pm', '8:25pm', '8:25 p.m.'], goal: 'arrival' },
      { value: '23:25', anyOf: ['11:25 pm', '11:25pm', '11:25 p.m.'], goal: 'arrival' },
      { value: '$35.00', goal: 'park' },
      { value: 'Extreme heat', goal: 'park' },
      { value: 'Bright Angel Lodge', goal: 'lodging' },
      {
        value: '(928) 638-2631',
        anyOf: ['928-638-2631', '928.638.2631', '928 638 2631', '+1 928 638 2631', '+1-928-638-2631'],
        goal: 'lodging',
      },
      { value: 'Fossil Walk', goal: 'arrival' },
      { value: 'Mather Point', goal: 'lodging' },
    ],
  },
})

mcpTask('hard/national-parks+google-maps+weather/teton-yellowstone-rv', {
  servers: ['national-parks', 'google-maps', 'weather'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt:
    'List the national parks in Wyoming (state code WY) and get the campgrounds of Grand Teton and Yellowstone. In each park choose the cheapest open campground whose RV limit is at least 38 feet. For both chosen campgrounds, use their coordinates to get the elevation and a 2-day weather forecast (by "lat,lon"). Get driving directions from Jackson to the Grand Teton campground and from the Grand Teton campground to the Yellowstone campground (by coordinates). Search for restaurants within 50 km of the Yellowstone campground and get the details of the closest one. Report the two campgrounds with fees, their elevations, the coldest night at each, both drives, and the restaurant with its phone.',
  fuzzy:
    'Our RV is 38 feet long. We start in Jackson, spend a night in Grand Teton and then a night in Yellowstone. In each park we want the cheapest campground that is open and takes a rig our size. How high up is each campground, how cold will the first two nights get at each, how long are the drives from Jackson to the first campground and from there to the second, and where is the nearest place to eat from the Yellowstone campground? Give me its phone number too.',
  reference: {
    calls: [
      { id: 'parks', tool: 'national-parks.findParks', args: { stateCode: 'WY' } },
      { id: 'camps-grte', tool: 'national-parks.getCampgrounds', args: { parkCode: 'grte' }, after: ['parks'] },
      { id: 'camps-yell', tool: 'national-parks.getCampgrounds', args: { parkCode: 'yell' }, after: ['parks'] },
      {
        id: 'elev-colter',
        tool: 'google-maps.maps_elevation',
        args: { locations: [{ latitude: 43.9025, longitude: -110.641 }] },
        after: ['camps-grte'],
      },
      {
        id: 'elev-madison',
        tool: 'google-maps.maps_elevation',
        args: { locations: [{ latitude: 44.6452, longitude: -110.8612 }] },
        after: ['camps-yell'],
      },
      {
        id: 'forecast-colter',
        tool: 'weather.get_weather_forecast_tool',
        args: { city: '43.9025,-110.641', days: 2 },
        after: ['camps-grte'],
      },
      {
        id: 'forecast-madison',
        tool: 'weather.get_weather_forecast_tool',
        args: { city: '44.6452,-110.8612', days: 2 },
        after: ['camps-yell'],
      },
      {
        id: 'drive-1',
        tool: 'google-maps.maps_directions',
        args: { origin: 'Jackson', destination: '43.9025,-110.641' },
        after: ['camps-grte'],
      },
      {
        id: 'drive-2',
        tool: 'google-maps.maps_directions',
        args: { origin: '43.9025,-110.641', destination: '44.6452,-110.8612' },
        after: ['camps-grte', 'camps-yell'],
      },
      {
        id: 'food',
        tool: 'google-maps.search_nearby',
        args: { center: { value: '44.6452,-110.8612', isCoordinates: true }, keyword: 'restaurant', radius: 50000 },
        after: ['camps-yell'],
      },
      { id: 'food-details', tool: 'google-maps.get_place_details', args: { placeId: 'pl_buffalo_crossing_cafe' }, after: ['food'] },
    ],
    answer:
      'Grand Teton: Jenny Lake takes no RVs, so Colter Bay Campground (RVs up to 45 ft) at $45.00 a night. Yellowstone: Madison ($32.00) and Canyon ($40.00) both take 40 ft and Mammoth only 30 ft, so Madison Campground at $32.00. Colter Bay sits at about 2071 m and Madison at about 2110 m. Nights: near Colter Bay (forecast for Jackson) lows of 4.3 °C and 3.7 °C, so 3.7 °C the second night; at Madison (forecast for West Yellowstone) 2.8 °C and 3.6 °C, so 2.8 °C the first night. Jackson to Colter Bay is 62 km (44 mins); Colter Bay to Madison is 209 km (4 hours 3 mins). The nearest place to eat from Madison is the Buffalo Crossing Café in West Yellowstone, about 19 km away, phone (406) 555-0179.',
    facts: [
      { value: 'Colter Bay', goal: 'campgrounds' },
      { value: '$45.00', goal: 'campgrounds' },
      { value: 'Madison', goal: 'campgrounds' },
      { value: '$32.00', goal: 'campgrounds' },
      { value: '2071', unit: 'm', goal: 'elevation' },
      { value: '2110', unit: 'm', goal: 'elevation' },
      { value: '3.7', unit: '°C', goal: 'nights' },
      { value: '2.8', unit: '°C', goal: 'nights' },
      { value: '62', unit: 'km', goal: 'drives' },
      { value: '209', unit: 'km', goal: 'drives' },
      { value: 'Buffalo Crossing Café', anyOf: ['Buffalo Crossing Cafe', 'Buffalo Crossing'], goal: 'food' },
      {
        value: '(406) 555-0179',
        anyOf: ['406-555-0179', '406.555.0179', '406 555 0179', '+1 406 555 0179', '+1-406-555-0179'],
        goal: 'food',
      },
    ],
  },
})

mcpTask('hard/weather+national-parks+google-maps/east-coast-dry-park', {
  servers: ['weather', 'national-parks', 'google-maps'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 5,
  prompt:
    "From Washington, D.C., choose between Acadia and Great Smoky Mountains national parks: find both with the parks search, get both 3-day forecasts (by park name) and both parks' alerts. Take the park whose highest daily chance of rain over the three days is lower. For it get its campgrounds, its events from 2025-06-15 to 2025-06-17, driving directions from Washington, D.C., and search lodging and restaurants within 5 km of the town its forecast is for; get the details of the lodging and of the restaurant found. Get driving directions from the lodging to the event's coordinates. Report the choice with both rain figures, the alert, the drive, the campgrounds, the event in those days and how far it is from the lodging, and the lodging and restaurant with phones.",
  fuzzy:
    'We are in Washington, D.C. and want three days in either Acadia or the Great Smoky Mountains, whichever looks less likely to rain on any of the three days. Tell us how the two compare, and for the one you pick: anything the park service is warning about, how far the drive is and how long, where we could camp and for how much, whether a ranger program is on in those days and how far it would be from where we sleep, and a place to stay and a place to eat in the town next to the park, with phone numbers.',
  reference: {
    calls: [
      { id: 'find-acad', tool: 'national-parks.findParks', args: { q: 'Acadia' } },
      { id: 'find-grsm', tool: 'national-parks.findParks', args: { q: 'Great Smoky Mountains' } },
      { id: 'forecast-acad', tool: 'weather.get_weather_forecast_tool', args: { city: 'Acadia National Park', days: 3 } },
      { id: 'forecast-grsm', tool: 'weather.get_weather_forecast_tool', args: { city: 'Great Smoky Mountains National Park', days: 3 } },
      { id: 'alerts-acad', tool: 'national-parks.getAlerts', args: { parkCode: 'acad' }, after: ['find-acad'] },
      { id: 'alerts-grsm', tool: 'national-parks.getAlerts', args: { parkCode: 'grsm' }, after: ['find-grsm'] },
      {
        id: 'camps',
        tool: 'national-parks.getCampgrounds',
        args: { parkCode: 'acad' },
        after: ['forecast-acad', 'forecast-grsm', 'find-acad'],
      },
      {
        id: 'events',
        tool: 'national-parks.getEvents',
        args: { parkCode: 'acad', dateStart: '2025-06-15', dateEnd: '2025-06-17' },
        after: ['forecast-acad', 'forecast-grsm', 'find-acad'],
      },
      {
        id: 'route',
        tool: 'google-maps.maps_directions',
        args: { origin: 'Washington, D.C.', destination: 'Acadia National Park' },
        after: ['forecast-acad', 'forecast-grsm'],
      },
      {
        id: 'lodging',
        tool: 'google-maps.search_nearby',
        args: { center: { value: 'Bar Harbor' }, keyword: 'lodging', radius: 5000 },
        after: ['forecast-acad', 'forecast-grsm'],
      },
      {
        id: 'food',
        tool: 'google-maps.search_nearby',
        args: { center: { value: 'Bar Harbor' }, keyword: 'restaurant', radius: 5000 },
        after: ['forecast-acad', 'forecast-grsm'],
      },
      { id: 'lodging-details', tool: 'google-maps.get_place_details', args: { placeId: 'pl_frenchman_bay_inn' }, after: ['lodging'] },
      { id: 'food-details', tool: 'google-maps.get_place_details', args: { placeId: 'pl_harborside_lobster_pound' }, after: ['food'] },
      {
        id: 'to-talk',
        tool: 'google-maps.maps_directions',
        args: { origin: 'Frenchman Bay Inn', destination: '44.3526,-68.2251' },
        after: ['lodging-details', 'events'],
      },
    ],
    answer:
      "Acadia. At Bar Harbor the chance of rain peaks at 19% (on 2025-06-15) and is 5% the next two days; at Gatlinburg it climbs to 52% by 2025-06-17. Acadia's only alert is about vehicle reservations for Cadillac Summit Road. The drive from Washington is 1,166 km, about 11 hours 9 mins. Blackwoods Campground (281 sites) and Seawall Campground (200 sites) are both open at $30.00 a night. The Cadillac Mountain Sunset Talk is on 2025-06-16 at 07:30 PM at Cadillac Summit, a 5.7 km (9 mins) drive from the inn. Stay at the Frenchman Bay Inn, (207) 555-0124, and eat at the Harborside Lobster Pound, (207) 555-0166.",
    facts: [
      { value: '19%', goal: 'choice' },
      { value: '52%', goal: 'choice' },
      { value: 'Cadillac Summit', goal: 'park' },
      { value: '1,166', unit: 'km', goal: 'park' },
      { value: 'Blackwoods', goal: 'park' },
      { value: 'Cadillac Mountain Sunset Talk', goal: 'talk' },
      { value: '5.7', unit: 'km', goal: 'talk' },
      { value: 'Frenchman Bay Inn', goal: 'town' },
      {
        value: '(207) 555-0124',
        anyOf: ['207-555-0124', '207.555.0124', '207 555 0124', '+1 207 555 0124', '+1-207-555-0124'],
        goal: 'town',
      },
      { value: 'Harborside Lobster Pound', goal: 'town' },
      {
        value: '(207) 555-0166',
        anyOf: ['207-555-0166', '207.555.0166', '207 555 0166', '+1 207 555 0166', '+1-207-555-0166'],
        goal: 'town',
      },
    ],
  },
})

mcpTask('hard/national-parks+google-maps+weather/zion-then-bryce', {
  servers: ['national-parks', 'google-maps', 'weather'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt:
    "Plan a loop from Las Vegas: a night in Zion, a night in Bryce Canyon, then back to Las Vegas, in a 36-foot RV. Get the campgrounds of Zion (zion) and Bryce Canyon (brca); in each park choose the open campground that takes the RV, breaking a tie by the larger number of sites. Get a 3-day forecast for each park and Bryce's events from 2025-06-15 to 2025-06-21. Using the chosen campgrounds' coordinates, get three driving legs: Las Vegas to the Zion campground, Zion campground to Bryce campground, Bryce campground to Las Vegas. Get both parks' alerts. Search lodging within 20 km of the Bryce campground as a backup and get the details of the place found. Report both campgrounds with fees, the three legs, the total distance, the coldest night at Bryce, the festival dates, the alerts, and the backup with its phone.",
  fuzzy:
    'Las Vegas to Zion for a night, then Bryce Canyon for a night, then back to Vegas, in our 36-foot RV. In each park, which campground can take us (if more than one can, the bigger campground), and what does each cost? How long is each of the three drives (distance and time) and how far is it altogether? How cold does it get at night up at Bryce in the next three days? Is there a stargazing festival at Bryce this week and on which days? Anything the parks are warning about? And in case the Bryce campground is full, a place nearby that takes RVs, with a phone number.',
  reference: {
    calls: [
      { id: 'camps-zion', tool: 'national-parks.getCampgrounds', args: { parkCode: 'zion' } },
      { id: 'camps-brca', tool: 'national-parks.getCampgrounds', args: { parkCode: 'brca' } },
      { id: 'forecast-zion', tool: 'weather.get_weather_forecast_tool', args: { city: 'Zion National Park', days: 3 } },
      { id: 'forecast-brca', tool: 'weather.get_weather_forecast_tool', args: { city: 'Bryce Canyon National Park', days: 3 } },
      { id: 'events', tool: 'national-parks.getEvents', args: { parkCode: 'brca', dateStart: '2025-06-15', dateEnd: '2025-06-21' } },
      {
        id: 'leg-1',
        tool: 'google-maps.maps_directions',
        args: { origin: 'Las Vegas', destination: '37.199,-112.9858' },
        after: ['camps-zion'],
      },
      {
        id: 'leg-2',
        tool: 'google-maps.maps_directions',
        args: { origin: '37.199,-112.9858', destination: '37.623,-112.172' },
        after: ['camps-zion', 'camps-brca'],
      },
      {
        id: 'leg-3',
        tool: 'google-maps.maps_directions',
        args: { origin: '37.623,-112.172', destination: 'Las Vegas' },
        after: ['camps-brca'],
      },
      { id: 'alerts-zion', tool: 'national-parks.getAlerts', args: { parkCode: 'zion' } },
      { id: 'alerts-brca', tool: 'national-parks.getAlerts', args: { parkCode: 'brca' } },
      {
        id: 'backup',
        tool: 'google-maps.search_nearby',
        args: { center: { value: '37.623,-112.172', isCoordinates: true }, keyword: 'lodging', radius: 20000 },
        after: ['camps-brca'],
      },
      { id: 'backup-details', tool: 'google-maps.get_place_details', args: { placeId: 'pl_hoodoo_lodge_rv' }, after: ['backup'] },
    ],
    answer:
      'Zion: Watchman Campground takes RVs up to 40 feet (South Campground only 30), $35.00 a night. Bryce Canyon: North (99 sites) and Sunset (100 sites) both take 40 feet, so the larger Sunset Campground, $30.00 a night. The legs: Las Vegas to Watchman 264 km (2 hours 33 mins), Watchman to Sunset 136 km (1 hour 48 mins), Sunset back to Las Vegas 396 km (4 hours 15 mins): 796 km in all. At Bryce the nights drop to 5.2, 3.8 and then 2.6 °C (2025-06-17). The Bryce Canyon Astronomy Festival runs 2025-06-18 to 2025-06-21, 09:00 PM to 11:30 PM. Zion requires permits for Angels Landing and warns of flash floods in slot canyons; Bryce notes the Mossy Cave trail bridge repair. If Sunset is full, Hoodoo Lodge & RV in Bryce Canyon City, about 5.8 km away, answers on (435) 555-0150.',
    facts: [
      { value: 'Watchman', goal: 'campgrounds' },
      { value: '$35.00', goal: 'campgrounds' },
      { value: 'Sunset Campground', goal: 'campgrounds' },
      { value: '$30.00', goal: 'campgrounds' },
      { value: '264', unit: 'km', goal: 'drives' },
      { value: '136', unit: 'km', goal: 'drives' },
      { value: '396', unit: 'km', goal: 'drives' },
      { value: '796', unit: 'km', derived: 'the three legs added up: 264 + 136 + 396 km', goal: 'drives' },
      { value: '2.6', unit: '°C', goal: 'bryce' },
      { value: '2025-06-18', anyOf: ['18 June', 'June 18', '18 Jun', 'Jun 18', '18th June', 'June 18th'], goal: 'bryce' },
      { value: 'Hoodoo Lodge', goal: 'backup' },
      {
        value: '(435) 555-0150',
        anyOf: ['435-555-0150', '435.555.0150', '435 555 0150', '+1 435 555 0150', '+1-435-555-0150'],
        goal: 'backup',
      },
    ],
  },
})

mcpTask('hard/national-parks+google-maps+math/four-corners-pass', {
  servers: ['national-parks', 'google-maps', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt:
    "Plan a loop from Denver to Arches, Canyonlands and Mesa Verde national parks and back to Denver, by car. Get the details of the three parks (codes arch, cany, meve) and driving directions for the four legs. With the math tools add up the three private-vehicle entrance fees and the four legs' distances, find the longest leg, and compute the average distance per day over 5 driving days. Compare the fee total with the America the Beautiful annual pass listed in the park details (subtract); if the pass is cheaper, get the visitor centers of the first park, where it can be bought. Report the fees and their total, the pass price and the saving, the legs, the total and longest distance, the daily average, and where to buy the pass.",
  fuzzy:
    "We are doing a loop by car from Denver: Arches, then Canyonlands, then Mesa Verde, then home. Should we pay each park's entrance for the car or buy the annual America the Beautiful pass, and how much would we save? How long is each leg, how far is the whole loop, which leg is the longest, and how many kilometres a day is that over five driving days? If the pass is the better deal, where at the first park can we buy it?",
  reference: {
    calls: [
      { id: 'arch', tool: 'national-parks.getParkDetails', args: { parkCode: 'arch' } },
      { id: 'cany', tool: 'national-parks.getParkDetails', args: { parkCode: 'cany' } },
      { id: 'meve', tool: 'national-parks.getParkDetails', args: { parkCode: 'meve' } },
      { id: 'leg-1', tool: 'google-maps.maps_directions', args: { origin: 'Denver', destination: 'Arches National Park' } },
      {
        id: 'leg-2',
        tool: 'google-maps.maps_directions',
        args: { origin: 'Arches National Park', destination: 'Canyonlands National Park' },
      },
      {
        id: 'leg-3',
        tool: 'google-maps.maps_directions',
        args: { origin: 'Canyonlands National Park', destination: 'Mesa Verde National Park' },
      },
      { id: 'leg-4', tool: 'google-maps.maps_directions', args: { origin: 'Mesa Verde National Park', destination: 'Denver' } },
      { id: 'fees', tool: 'math.sum', args: { numbers: [30, 30, 30] }, after: ['arch', 'cany', 'meve'] },
      { id: 'distance', tool: 'math.sum', args: { numbers: [594, 82, 278, 790] }, after: ['leg-1', 'leg-2', 'leg-3', 'leg-4'] },
      { id: 'longest', tool: 'math.max', args: { numbers: [594, 82, 278, 790] }, after: ['leg-1', 'leg-2', 'leg-3', 'leg-4'] },
      { id: 'saving', tool: 'math.subtract', args: { minuend: 90, subtrahend: 80 }, after: ['fees'] },
      { id: 'per-day', tool: 'math.division', args: { numerator: 1744, denominator: 5 }, after: ['distance'] },
      { id: 'where', tool: 'national-parks.getVisitorCenters', args: { parkCode: 'arch' }, after: ['saving'] },
    ],
    answer:
      'Each park charges $30.00 for a private vehicle, $90 for the three; the America the Beautiful Annual Pass costs $80.00, so the pass saves $10. The legs: Denver to Arches 594 km (6 hours 18 mins), Arches to Canyonlands 82 km (1 hour 38 mins), Canyonlands to Mesa Verde 278 km (4 hours 3 mins) and Mesa Verde back to Denver 790 km (8 hours 43 mins, the longest leg). The loop is 1,744 km, about 348.8 km a day over five driving days. Buy the pass at the Arches Visitor Center, just inside the entrance on N Highway 191.',
    facts: [
      { value: '90', goal: 'fees' },
      { value: '$80.00', goal: 'fees' },
      { value: '$10', derived: 'the $90 of three entrance fees minus the $80 pass', goal: 'fees' },
      { value: '594', unit: 'km', goal: 'driving' },
      { value: '790', unit: 'km', goal: 'driving' },
      { value: '1,744', unit: 'km', goal: 'driving' },
      { value: '348.8', goal: 'driving' },
      { value: 'Arches Visitor Center', anyOf: ['Arches Visitor Centre'], goal: 'pass' },
    ],
  },
})

mcpTask('hard/national-parks+weather+google-maps/smokies-fireflies', {
  servers: ['national-parks', 'weather', 'google-maps'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 5,
  prompt:
    "For Great Smoky Mountains National Park (grsm), get the events from 2025-06-16 to 2025-06-19, the alerts, the campgrounds and a 5-day forecast. The synchronous fireflies viewing is the goal: among its dates in that range, take the night with the lowest chance of rain. Among open campgrounds that take a 35-foot RV, take the one with the shorter drive from the fireflies location (a distance matrix from its coordinates to the candidates' coordinates). Get directions from Chicago to that campground leaving at 06:00 (UTC-5) on the chosen day, then from the campground to the viewing arriving by 20:00 (UTC-4), the campground's elevation, and lodging within 10 km of Gatlinburg with the details of the place found. Report the night and its rain chance, the viewing times and fees, the campground with its drive to the viewing, the trip from Chicago with the arrival time, when to leave for the viewing, the elevation, the park alerts, and the lodging.",
  fuzzy:
    'We want to see the synchronous fireflies in the Smokies this week, driving down from Chicago with our 35-foot RV. We can go any night from the 16th to the 19th: pick the one least likely to rain. Which open campground that takes our rig is the shortest drive to the viewing spot, and how long is that drive? If we leave Chicago at 6 in the morning on that day, when do we get to the campground, and when must we leave it to be at the viewing by 8 pm? How high up is it, what does the viewing cost and when does it run, is the park warning about anything, and where could we stay in Gatlinburg if the campground falls through (phone number)?',
  reference: {
    calls: [
      { id: 'events', tool: 'national-parks.getEvents', args: { parkCode: 'grsm', dateStart: '2025-06-16', dateEnd: '2025-06-19' } },
      { id: 'alerts', tool: 'national-parks.getAlerts', args: { parkCode: 'grsm' } },
      { id: 'camps', tool: 'national-parks.getCampgrounds', args: { parkCode: 'grsm' } },
      { id: 'forecast', tool: 'weather.get_weather_forecast_tool', args: { city: 'Great Smoky Mountains National Park', days: 5 } },
      {
        id: 'to-viewing',
        tool: 'google-maps.maps_distance_matrix',
        args: { origins: ['35.659,-83.581'], destinations: ['35.604,-83.774', '35.557,-83.311'] },
        after: ['events', 'camps'],
      },
      {
        id: 'trip',
        tool: 'google-maps.maps_directions',
        args: { origin: 'Chicago', destination: '35.604,-83.774', departure_time: '2025-06-16T06:00:00-05:00' },
        after: ['to-viewing', 'forecast'],
      },
      {
        id: 'elevation',
        tool: 'google-maps.maps_elevation',
        args: { locations: [{ latitude: 35.604, longitude: -83.774 }] },
        after: ['to-viewing'],
      },
      { id: 'lodging', tool: 'google-maps.search_nearby', args: { center: { value: 'Gatlinburg' }, keyword: 'lodging', radius: 10000 } },
      { id: 'lodging-details', tool: 'google-maps.get_place_details', args: { placeId: 'pl_smoky_ridge_cabins' }, after: ['lodging'] },
      {
        id: 'to-show',
        tool: 'google-maps.maps_directions',
        args: { origin: '35.604,-83.774', destination: '35.659,-83.581', arrival_time: '2025-06-16T20:00:00-04:00' },
        after: ['trip'],
      },
    ],
    answer:
      'Go on 2025-06-16: a 37% chance of rain, against 52%, 56% and 60% on the next three nights. The Synchronous Fireflies Viewing runs 08:00 PM to 11:00 PM at Elkmont, for a $1 application fee plus $24 reservation. Elkmont Campground only takes 32-foot RVs; of Cades Cove (35 ft) and Smokemont (40 ft), Cades Cove Campground is the shorter drive to the viewing, 24 km (17 mins) against 35 km, at $30.00 a night. Leaving Chicago at 06:00 you cover 936 km (9 hours 9 mins) and arrive at about 15:08 Chicago time (16:08 in Tennessee). The campground sits at about 748.5 m. To be at the viewing by 8 pm, leave the campground by about 19:43. The park notes that a parking tag is required and that Laurel Falls Trail is closed for rehabilitation. Fallback: Smoky Ridge Cabins in Gatlinburg, (865) 555-0158.',
    facts: [
      { value: '2025-06-16', anyOf: ['16 June', 'June 16', '16 Jun', 'Jun 16', '16th June', 'June 16th'], goal: 'night' },
      { value: '37%', goal: 'night' },
      {
        value: '$24 reservation',
        anyOf: [
          '$24 for the reservation',
          '$24 reservation fee',
          '$24 per reservation',
          '$24 to reserve',
          '$24 lottery',
          '$24 fee',
          '$25 in total',
          '$25 total',
        ],
        goal: 'night',
      },
      { value: 'Cades Cove', goal: 'campground' },
      { value: '24 km', anyOf: ['24 kilometres', '24 kilometers', '15 miles', '14.9 miles', '15 mi'], goal: 'campground' },
      { value: '748.5', unit: 'm', goal: 'campground' },
      { value: '936', unit: 'km', goal: 'trip' },
      // Chicago time or Tennessee time: the prompt sets off in one zone and arrives in the other.
      { value: '15:08', anyOf: ['16:08', '4:08 pm', '4:08pm', '3:08 pm', '3:08pm', '3:08 p.m.'], goal: 'trip' },
      { value: 'Laurel Falls', goal: 'park' },
      { value: 'Smoky Ridge Cabins', goal: 'fallback' },
      {
        value: '(865) 555-0158',
        anyOf: ['865-555-0158', '865.555.0158', '865 555 0158', '+1 865 555 0158', '+1-865-555-0158'],
        goal: 'fallback',
      },
    ],
  },
})

mcpTask('hard/google-maps+time+weather/meet-in-new-york', {
  servers: ['google-maps', 'time', 'weather'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 5,
  prompt:
    "Two colleagues meet in New York tomorrow: one drives from Boston, one from Washington, D.C., both leaving at 07:00 local time (UTC-4). Get the current time in America/New_York for today's date, a 2-day New York forecast, and both drives with that departure tomorrow. The meeting starts on the first full hour after the later arrival and lasts 2 hours. Convert the start to Tokyo and London time for the remote participants. If tomorrow's chance of rain is 30% or more, meet at an indoor attraction, otherwise outdoors: search attractions within 10 km of New York, get the details of the chosen one and the directions to it from New York. Then get both return drives leaving the venue when the meeting ends. Report both arrivals, the start time and its Tokyo and London times, tomorrow's weather and the venue with its rating, and both return arrival times.",
  fuzzy:
    "Tomorrow I drive down from Boston and my colleague comes up from Washington, D.C., both of us leaving at 7 in the morning, to meet in New York. We will start on the first full hour after whoever arrives last, for two hours. When does each of us arrive, when do we start, and what time will that be for our colleagues dialling in from Tokyo and London? If rain looks likely tomorrow we meet indoors at one of the city's sights, otherwise outside: where, how well rated is it, and how far from the city centre? And when will each of us be home if we drive back right after?",
  reference: {
    calls: [
      { id: 'today', tool: 'time.get_current_time', args: { timezone: 'America/New_York' } },
      { id: 'forecast', tool: 'weather.get_weather_forecast_tool', args: { city: 'New York', days: 2 } },
      {
        id: 'from-boston',
        tool: 'google-maps.maps_directions',
        args: { origin: 'Boston', destination: 'New York', departure_time: '2025-06-16T07:00:00-04:00' },
        after: ['today'],
      },
      {
        id: 'from-dc',
        tool: 'google-maps.maps_directions',
        args: { origin: 'Washington, D.C.', destination: 'New York', departure_time: '2025-06-16T07:00:00-04:00' },
        after: ['today'],
      },
      {
        id: 'tokyo',
        tool: 'time.convert_time',
        args: { source_timezone: 'America/New_York', time: '11:00', target_timezone: 'Asia/Tokyo' },
        after: ['from-boston', 'from-dc'],
      },
      {
        id: 'london',
        tool: 'time.convert_time',
        args: { source_timezone: 'America/New_York', time: '11:00', target_timezone: 'Europe/London' },
        after: ['from-boston', 'from-dc'],
      },
      {
        id: 'sights',
        tool: 'google-maps.search_nearby',
        args: { center: { value: 'New York' }, keyword: 'tourist attraction', radius: 10000 },
        after: ['forecast'],
      },
      { id: 'venue', tool: 'google-maps.get_place_details', args: { placeId: 'pl_central_park' }, after: ['sights'] },
      { id: 'to-venue', tool: 'google-maps.maps_directions', args: { origin: 'New York', destination: 'Central Park' }, after: ['sights'] },
      {
        id: 'home-boston',
        tool: 'google-maps.maps_directions',
        args: { origin: 'Central Park', destination: 'Boston', departure_time: '2025-06-16T13:00:00-04:00' },
        after: ['venue', 'tokyo'],
      },
      {
        id: 'home-dc',
        tool: 'google-maps.maps_directions',
        args: { origin: 'Central Park', destination: 'Washington, D.C.', departure_time: '2025-06-16T13:00:00-04:00' },
        after: ['venue', 'tokyo'],
      },
    ],
    answer:
      'Today is 2025-06-15, so the meeting is on 2025-06-16. From Boston you arrive at about 10:17; from Washington your colleague arrives at about 10:28, the later arrival, so the meeting runs 11:00–13:00 New York time. That is 00:00 (midnight into the next day) in Tokyo and 16:00 in London. Tomorrow New York is forecast sunny with a 2% chance of rain, so meet outdoors: Central Park, rated 4.8, 11 km (17 mins) from the city centre. Driving back from Central Park at 13:00, the Boston driver is home at about 16:34 (357 km) and the Washington driver at about 16:45 (376 km).',
    facts: [
      { value: '10:17', goal: 'arrivals' },
      { value: '10:28', goal: 'arrivals' },
      { value: '11:00', anyOf: ['11 am', '11am'], derived: 'the first full hour after the later arrival, 10:28', goal: 'schedule' },
      { value: '00:00', anyOf: ['midnight', '12:00 am', '12 am', '12:00am', '24:00'], goal: 'schedule' },
      { value: '16:00', anyOf: ['4:00 pm', '4:00pm', '4:00 p.m.', '4 pm', '4pm'], goal: 'schedule' },
      { value: 'Central Park', goal: 'venue' },
      { value: '4.8', goal: 'venue' },
      { value: '16:34', anyOf: ['4:34 pm', '4:34pm', '4:34 p.m.'], goal: 'return' },
      { value: '16:45', anyOf: ['4:45 pm', '4:45pm', '4:45 p.m.'], goal: 'return' },
    ],
  },
})

mcpTask('hard/national-parks+google-maps+unit-converter/yosemite-in-miles-and-feet', {
  servers: ['national-parks', 'google-maps', 'unit-converter'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt:
    "For a tent weekend in Yosemite (yose) from San Francisco, 2025-06-20 to 2025-06-22: get the campgrounds, the events of those dates and the alerts. Take the cheapest open campground. Get driving directions from San Francisco to its coordinates, its elevation, and the visitor centers. For the Giant Sequoia Walk on 2025-06-22, get directions from the campground to the walk's coordinates arriving at 10:00 (UTC-7) and the elevation there. Convert the two drives to miles and the two elevations to feet. Report the campground and fee, the drive from San Francisco in miles and time, the campground's elevation in feet, the weekend's programs, when to leave camp for the walk and how far it is in miles, the walk's elevation in feet, the alerts and the main visitor center.",
  fuzzy:
    'We are driving up from San Francisco to tent in Yosemite from Friday 20 June to Sunday the 22nd, and we think in miles and feet. Which campground that is open is cheapest and what does it cost? How far and how long is the drive, and how high is the campground? What ranger programs are on that weekend? For the giant sequoia walk on Sunday morning, when do we have to leave camp to get there on time, how far is it in miles, and how high up is the grove? Anything the park is warning about, and where is the main visitor centre?',
  reference: {
    calls: [
      { id: 'camps', tool: 'national-parks.getCampgrounds', args: { parkCode: 'yose' } },
      { id: 'events', tool: 'national-parks.getEvents', args: { parkCode: 'yose', dateStart: '2025-06-20', dateEnd: '2025-06-22' } },
      { id: 'alerts', tool: 'national-parks.getAlerts', args: { parkCode: 'yose' } },
      {
        id: 'drive',
        tool: 'google-maps.maps_directions',
        args: { origin: 'San Francisco', destination: '37.7424,-119.6015' },
        after: ['camps'],
      },
      {
        id: 'camp-elevation',
        tool: 'google-maps.maps_elevation',
        args: { locations: [{ latitude: 37.7424, longitude: -119.6015 }] },
        after: ['camps'],
      },
      { id: 'centers', tool: 'national-parks.getVisitorCenters', args: { parkCode: 'yose' }, after: ['camps'] },
      {
        id: 'to-walk',
        tool: 'google-maps.maps_directions',
        args: { origin: '37.7424,-119.6015', destination: '37.507,-119.611', arrival_time: '2025-06-22T10:00:00-07:00' },
        after: ['camps', 'events'],
      },
      {
        id: 'walk-elevation',
        tool: 'google-maps.maps_elevation',
        args: { locations: [{ latitude: 37.507, longitude: -119.611 }] },
        after: ['events'],
      },
      {
        id: 'drive-miles',
        tool: 'unit-converter.convert_length',
        args: { value: 346, from_unit: 'kilometer', to_unit: 'mile' },
        after: ['drive'],
      },
      {
        id: 'camp-feet',
        tool: 'unit-converter.convert_length',
        args: { value: 1210, from_unit: 'meter', to_unit: 'foot' },
        after: ['camp-elevation'],
      },
      {
        id: 'walk-miles',
        tool: 'unit-converter.convert_length',
        args: { value: 34, from_unit: 'kilometer', to_unit: 'mile' },
        after: ['to-walk'],
      },
      {
        id: 'walk-feet',
        tool: 'unit-converter.convert_length',
        args: { value: 1152.6, from_unit: 'meter', to_unit: 'foot' },
        after: ['walk-elevation'],
      },
    ],
    answer:
      'Camp 4 is the cheapest open campground, $10.00 per person per night (Upper Pines is $36.00, Tuolumne Meadows is closed). From San Francisco it is 346 km, about 215 miles, 4 hours 39 mins. Camp 4 sits at about 1210 m, roughly 3,970 feet. Programs that weekend: the Yosemite Valley Night Sky Program on 2025-06-20 and 2025-06-21 (09:00 PM to 10:30 PM, Sentinel Beach Picnic Area) and the Giant Sequoia Walk on 2025-06-22 at 10:00 AM from the Mariposa Grove Welcome Plaza. For the walk, leave camp by about 09:35: it is 34 km, about 21.1 miles (24 mins), and the grove is at about 1152.6 m, roughly 3,781 feet. Alerts: reservations are required for peak-hour entry, Tuolumne Meadows Campground is closed for 2025, and there is high water on rivers and near waterfalls. The main visitor center is the Yosemite Valley Visitor Center.',
    facts: [
      { value: 'Camp 4', goal: 'camp' },
      { value: '$10.00', goal: 'camp' },
      // Miles and feet, as the prompt asks: the conversions are steps of the task, so km and m do not stand in.
      { value: '215', goal: 'camp' },
      { value: '3,970', goal: 'camp' },
      { value: 'Night Sky Program', goal: 'programs' },
      { value: '09:35', derived: 'the 10:00 AM start less the 24-minute drive, with a minute to spare', goal: 'walk' },
      { value: '21.1', goal: 'walk' },
      { value: '3,781', goal: 'walk' },
      { value: 'High water', goal: 'park' },
      { value: 'Yosemite Valley Visitor Center', anyOf: ['Yosemite Valley Visitor Centre'], goal: 'park' },
    ],
  },
})
