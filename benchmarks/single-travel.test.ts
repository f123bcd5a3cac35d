import { mcpTask } from 'vitest-mcp-bench'

// Single-server trip-planning tasks: time (fixed clock 2025-06-15T12:00Z),
// weather (mid-June snapshot), national-parks and google-maps.

// ── time ────────────────────────────────────────────────────────────────────

mcpTask(
  'time/berlin-standup-for-remote-team',
  {
    servers: ['time'],
    category: 'single-server/parallel',
    prompt:
      'Our stand-up is at 10:00 in Europe/Berlin. Use the time tools to convert 10:00 Berlin time to America/New_York and to Asia/Kolkata, and report the local time and the offset from Berlin for each.',
    fuzzy:
      'Our daily stand-up is at 10:00 Berlin time. What time is that for the teammates in New York and in Kolkata, and how far ahead or behind Berlin is each of them?',
    reference: {
      calls: [
        {
          id: 'ny',
          tool: 'time.convert_time',
          args: { source_timezone: 'Europe/Berlin', time: '10:00', target_timezone: 'America/New_York' },
        },
        {
          id: 'kolkata',
          tool: 'time.convert_time',
          args: { source_timezone: 'Europe/Berlin', time: '10:00', target_timezone: 'Asia/Kolkata' },
        },
      ],
      answer:
        'The 10:00 Berlin stand-up is at 04:00 in New York (6 hours behind Berlin, -6.0h) and at 13:30 in Kolkata (3.5 hours ahead, +3.5h).',
      facts: [
        { value: '04:00', anyOf: ['4 am', '4am'] },
        { value: '13:30', anyOf: ['1:30 pm', '1:30pm', '1:30 p.m.'] },
        { value: '3.5', anyOf: ['3 hours 30', '3 h 30', '3h30', '3½', '3 and a half'] },
      ],
    },
  },
  ({ run, expect }) => {
    expect(run).toCallTool('time.convert_time', { target_timezone: 'Asia/Kolkata' })
  },
)

// ── weather ─────────────────────────────────────────────────────────────────

mcpTask('weather/moab-three-day-outlook', {
  servers: ['weather'],
  category: 'single-server/single',
  prompt:
    "Get the 3-day weather forecast for Moab, Utah with the weather tools and report each day's high and low in °C and the conditions.",
  fuzzy:
    "We're heading to Moab, Utah for the next 3 days to hike in Arches. How hot will it get each day, how cool at night, and what will the sky be like?",
  reference: {
    calls: [{ id: 'forecast', tool: 'weather.get_weather_forecast_tool', args: { city: 'Moab', days: 3 } }],
    answer:
      'Moab forecast: 15 June high 37.1 °C / low 18.7 °C, cloudy; 16 June high 36.7 °C / low 17.4 °C, cloudy; 17 June high 36.4 °C / low 17.7 °C, partly cloudy. Rain chances stay around 14–16%, UV index 9: hike early and carry plenty of water.',
    facts: [{ value: '37.1', unit: '°C' }, { value: '36.7', unit: '°C' }, { value: '36.4', unit: '°C' }, 'partly cloudy'],
  },
})

mcpTask('weather/mountain-towns-tomorrow', {
  servers: ['weather'],
  category: 'single-server/parallel',
  prompt:
    'Get the 2-day forecasts for Estes Park and for Jackson with the weather tools. For tomorrow (2025-06-16) compare the two: high temperature, chance of rain and conditions, and say which is better for a long hike.',
  fuzzy:
    'Tomorrow (16 June) I can hike either near Estes Park or near Jackson. Which one looks better: what are the highs, the chances of rain and the conditions in each place?',
  reference: {
    calls: [
      { id: 'estes', tool: 'weather.get_weather_forecast_tool', args: { city: 'Estes Park', days: 2 } },
      { id: 'jackson', tool: 'weather.get_weather_forecast_tool', args: { city: 'Jackson', days: 2 } },
    ],
    answer:
      'On 16 June Estes Park reaches 24 °C with a 72% chance of rain and patchy light rain with thunder, while Jackson reaches 23 °C with only a 26% chance of rain (patchy rain nearby). Jackson is the better choice for a long hike.',
    // Both towns are in the question and a careful answer describes both, so the rain chances carry the
    // comparison; the pick itself (Jackson) is left to the judge.
    facts: ['72%', '26%'],
  },
})

mcpTask(
  'weather/town-near-joshua-tree',
  {
    servers: ['weather'],
    category: 'single-server/sequential',
    prompt:
      'Search the weather service\'s locations for "Twentynine" to find the full name of the town by Joshua Tree, then get the current weather there and report the town, its state, the temperature in °C and the conditions.',
    fuzzy:
      "There's a town next to Joshua Tree whose name starts with \"Twentynine\" — I can't remember the rest. What's it called, which state is it in, and what's the weather there right now?",
    reference: {
      calls: [
        { id: 'search', tool: 'weather.search_locations_tool', args: { query: 'Twentynine' } },
        { id: 'current', tool: 'weather.get_current_weather_tool', args: { city: 'Twentynine Palms' }, after: ['search'] },
      ],
      answer:
        'The town is Twentynine Palms, California. It is currently partly cloudy there at 21.2 °C (70.2 °F), with 26% humidity and an ESE wind of 21 km/h.',
      facts: ['Twentynine Palms', 'California', { value: '21.2', unit: '°C' }, 'partly cloudy'],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)

// ── national-parks ─────────────────────────────────────────────────────────

mcpTask('national-parks/glacier-ranger-programs', {
  servers: ['national-parks'],
  category: 'single-server/single',
  prompt:
    'Use the national parks tools to list the events at Glacier National Park (park code glac) between 2025-06-20 and 2025-06-22, with date, time and location.',
  fuzzy:
    "We'll be in Glacier National Park from 2025-06-20 to 2025-06-22. Are there any ranger programs or guided walks we could join, and when and where are they?",
  reference: {
    calls: [{ id: 'events', tool: 'national-parks.getEvents', args: { parkCode: 'glac', dateStart: '2025-06-20', dateEnd: '2025-06-22' } }],
    answer:
      'Two events: the Lake McDonald Evening Program on 2025-06-20, 08:30 PM to 09:15 PM at Apgar Amphitheater, and the Trail of the Cedars Walk on 2025-06-21, 10:00 AM to 11:30 AM at Avalanche Creek. Both are free.',
    facts: ['Lake McDonald Evening Program', 'Trail of the Cedars Walk', 'Apgar Amphitheater', 'Avalanche Creek'],
  },
})

mcpTask('national-parks/yosemite-trip-prep', {
  servers: ['national-parks'],
  category: 'single-server/parallel',
  prompt:
    "For a Yosemite (park code yose) camping trip, use the national parks tools to get the park's current alerts and its campgrounds. Report each alert and, for each campground, whether it is open and its nightly fee.",
  fuzzy:
    "I'm planning a camping trip to Yosemite. Is there anything I should know about current conditions or closures, and which campgrounds are open and what do they cost per night?",
  reference: {
    calls: [
      { id: 'alerts', tool: 'national-parks.getAlerts', args: { parkCode: 'yose' } },
      { id: 'camps', tool: 'national-parks.getCampgrounds', args: { parkCode: 'yose' } },
    ],
    answer:
      'Alerts: reservations are required for peak-hour entry (6 am – 2 pm) on some summer days; Tuolumne Meadows Campground is closed for 2025; and there is high water on rivers and near waterfalls. Campgrounds: Upper Pines Campground is open ($36.00 per site per night), Camp 4 is open ($10.00 per person per night), and Tuolumne Meadows Campground is closed.',
    facts: [
      {
        value: 'peak-hour',
        anyOf: ['peak hour', 'reservations are required', 'reservation required', 'reservations required', 'reservation is required'],
      },
      'Tuolumne Meadows',
      'Upper Pines',
      'Camp 4',
    ],
  },
})

mcpTask(
  'national-parks/sandboarding-campground',
  {
    servers: ['national-parks'],
    category: 'single-server/sequential',
    prompt:
      "Find the national park in Colorado (state code CO) that offers sandboarding, then get that park's campgrounds and report the park, the campground name, its number of sites and the nightly fee.",
    fuzzy:
      'My kids want to try sandboarding in a national park in Colorado. Which park is it, and where could we camp there: how many sites are there and what does a night cost?',
    reference: {
      calls: [
        { id: 'find', tool: 'national-parks.findParks', args: { stateCode: 'CO', activities: 'sandboarding' } },
        { id: 'camps', tool: 'national-parks.getCampgrounds', args: { parkCode: 'grsa' }, after: ['find'] },
      ],
      answer:
        'Sandboarding is offered at Great Sand Dunes National Park and Preserve (grsa). Its campground, Piñon Flats Campground, is open with 88 sites (all reservable) at $25.00 per night.',
      facts: ['Great Sand Dunes', '88', '25'],
    },
  },
  ({ run, expect }) => {
    expect(run).toCallTool('national-parks.getCampgrounds', { parkCode: 'grsa' })
    expect(run).toFollowDependencies()
  },
)

// ── google-maps ─────────────────────────────────────────────────────────────

mcpTask('google-maps/denver-drive-times', {
  servers: ['google-maps'],
  category: 'single-server/single',
  prompt:
    'Use the maps distance matrix to get the driving distance and time from Denver to Estes Park and from Denver to Moab, and report both.',
  fuzzy: 'Starting from Denver, how far is the drive to Estes Park and to Moab, and how long would each take?',
  reference: {
    calls: [
      {
        id: 'matrix',
        tool: 'google-maps.maps_distance_matrix',
        args: { origins: ['Denver'], destinations: ['Estes Park', 'Moab'], mode: 'driving' },
      },
    ],
    answer: 'Denver to Estes Park is 105 km, about 1 hour 14 mins; Denver to Moab is 572 km, about 5 hours 51 mins.',
    facts: [
      { value: '105', unit: 'km' },
      { value: '572', unit: 'km' },
      { value: '1 hour 14 min', anyOf: ['1 h 14', '1h14', '1:14', '74 min', '1 hr 14', '1h 14'] },
      { value: '5 hours 51 min', anyOf: ['5 h 51', '5h51', '5:51', '351 min', '5 hrs 51', '5 hr 51', '5h 51'] },
    ],
  },
})

mcpTask(
  'google-maps/stanley-hotel-elevation',
  {
    servers: ['google-maps'],
    category: 'single-server/sequential',
    prompt:
      'Geocode "Stanley Hotel Estes Park" with the maps tools, then look up the elevation at the returned coordinates. Report the hotel\'s address and its elevation in metres.',
    fuzzy:
      "I'm staying at the Stanley Hotel in Estes Park and worry about altitude sickness. What is the hotel's exact address and how high above sea level is it?",
    reference: {
      calls: [
        { id: 'geocode', tool: 'google-maps.maps_geocode', args: { address: 'Stanley Hotel Estes Park' } },
        {
          id: 'elevation',
          tool: 'google-maps.maps_elevation',
          args: { locations: [{ latitude: 40.383, longitude: -105.519 }] },
          after: ['geocode'],
        },
      ],
      answer:
        'The Stanley Hotel is at 333 E Wonderview Ave, Estes Park, CO 80517 (40.383, -105.519), at an elevation of 2,320 m (about 7,600 ft).',
      // The street without its suffix (Ave, Avenue), and the height in any unit: the prompt names none.
      facts: [
        { value: '333 E Wonderview', anyOf: ['333 East Wonderview', '333 E. Wonderview'] },
        { value: '2,320', unit: 'm' },
      ],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)

mcpTask(
  'google-maps/grand-canyon-best-lodge',
  {
    servers: ['google-maps'],
    category: 'single-server/sequential',
    prompt:
      'Search for hotels within 3 km of Grand Canyon Village with a rating of at least 4.5, then get the place details of the result and report its name, rating, phone number and price level.',
    fuzzy:
      "Which hotel within 3 km of Grand Canyon Village is rated at least 4.5? I'd like to call them: what's the phone number, and how pricey is it?",
    reference: {
      calls: [
        {
          id: 'search',
          tool: 'google-maps.search_nearby',
          args: { center: { value: 'Grand Canyon Village' }, keyword: 'hotel', radius: 3000, minRating: 4.5 },
        },
        { id: 'details', tool: 'google-maps.get_place_details', args: { placeId: 'pl_el_tovar_hotel' }, after: ['search'] },
      ],
      answer:
        'El Tovar Hotel (1 El Tovar Rd, Grand Canyon Village) is rated 4.5 from 3,980 reviews. Phone: (928) 638-2631. Its price level is 4 of 4, the top tier; a reviewer notes it is right on the rim and to book the dining room early.',
      // The rating threshold is the prompt's own number; the price level is what the details add.
      facts: [
        'El Tovar',
        '638-2631',
        {
          value: '4 of 4',
          anyOf: [
            'price level 4',
            'price level of 4',
            '4/4',
            '4 out of 4',
            '$$$$',
            'most expensive',
            'top tier',
            'top price',
            'highest price',
            'very expensive',
          ],
          derived: "the place details' price_level 4, the top of the 0–4 scale",
        },
      ],
    },
  },
  ({ run, expect }) => {
    expect(run).toCallTool('google-maps.get_place_details', { placeId: 'pl_el_tovar_hotel' })
    expect(run).toFollowDependencies()
  },
)
