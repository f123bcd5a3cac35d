import { mcpTask } from 'vitest-mcp-bench'

/**
 * Multi-server travel tasks over the weather, national-parks, google-maps,
 * time and wikipedia fixtures. The datasets cross: every weather city and
 * park is in the maps gazetteer at the same coordinates, and park names
 * resolve as weather cities.
 */

// ---------------------------------------------------------------------------
// multi-server/single: several servers on offer, one call answers the task
// ---------------------------------------------------------------------------

mcpTask(
  'time+weather/sydney-clock',
  {
    servers: ['time', 'weather'],
    category: 'multi-server/single',
    prompt: 'Use the time tools to get the current time in the Australia/Sydney time zone and report the local date, time and UTC offset.',
    fuzzy: 'I have to ring my aunt in Sydney. What day and time is it over there right now?',
    reference: {
      calls: [{ id: 'now', tool: 'time.get_current_time', args: { timezone: 'Australia/Sydney' } }],
      answer: 'In Sydney it is 22:00 on 2025-06-15 (UTC+10:00, standard time).',
      facts: [
        { value: '22:00', anyOf: ['10:00 pm', '10:00pm', '10:00 p.m.', '10 pm', '10pm'] },
        { value: '2025-06-15', anyOf: ['15 June', 'June 15', '15 Jun', 'Jun 15', '15th June', 'June 15th'] },
      ],
    },
  },
  ({ run, expect }) => {
    expect(run).toCallTool('time.get_current_time', { timezone: 'Australia/Sydney' })
  },
)

mcpTask('google-maps+weather/denver-to-estes-park', {
  servers: ['google-maps', 'weather'],
  category: 'multi-server/single',
  prompt:
    'Use the maps tools to get driving directions from Denver to Estes Park and report the distance, the driving time and the main road.',
  fuzzy: 'How far is the drive from Denver up to Estes Park, how long will it take, and which road do I mostly follow?',
  reference: {
    calls: [{ id: 'route', tool: 'google-maps.maps_directions', args: { origin: 'Denver', destination: 'Estes Park' } }],
    answer: 'The drive from Denver to Estes Park is 105 km and takes about 1 hour 14 mins, mostly on US-36 W.',
    facts: [
      { value: '105', unit: 'km' },
      { value: 'US-36', anyOf: ['US 36', 'U.S. 36', 'US Route 36', 'U.S. Route 36', 'Highway 36', 'US Highway 36', 'Hwy 36'] },
    ],
  },
})

mcpTask('weather+national-parks+google-maps/slc-park-distances', {
  servers: ['weather', 'national-parks', 'google-maps'],
  category: 'multi-server/single',
  prompt:
    'Use one distance-matrix call of the maps tools with origin Salt Lake City and destinations Arches National Park and Bryce Canyon National Park. Report the driving distance and time to each and say which is closer.',
  fuzzy:
    'We land in Salt Lake City and can only fit in one park: Arches National Park or Bryce Canyon National Park. How far is each by car and how long is the drive? Which one is closer?',
  reference: {
    calls: [
      {
        id: 'matrix',
        tool: 'google-maps.maps_distance_matrix',
        args: { origins: ['Salt Lake City'], destinations: ['Arches National Park', 'Bryce Canyon National Park'] },
      },
    ],
    answer:
      'From Salt Lake City, Arches National Park is 397 km (4 hours 51 mins) and Bryce Canyon National Park is 546 km (5 hours 36 mins), so Arches is closer.',
    // Both parks are in the question and a careful answer names both with their drives, so the
    // distances carry the task; which is closer follows from them.
    facts: [
      { value: '397', unit: 'km' },
      { value: '546', unit: 'km' },
    ],
  },
})

mcpTask('time+weather+google-maps/denver-call-in-paris', {
  servers: ['time', 'weather', 'google-maps'],
  category: 'multi-server/single',
  prompt:
    'Use the time tools to convert 09:00 today in America/Denver to Europe/Paris time, and report the Paris time and the time difference.',
  fuzzy:
    "I'm in Denver and have a call at 9:00 this morning with a team in Paris. What time will it be for them, and how many hours ahead are they?",
  reference: {
    calls: [
      {
        id: 'convert',
        tool: 'time.convert_time',
        args: { source_timezone: 'America/Denver', time: '09:00', target_timezone: 'Europe/Paris' },
      },
    ],
    answer: '09:00 in Denver is 17:00 in Paris; Paris is 8 hours ahead (+8.0h).',
    facts: [{ value: '17:00', anyOf: ['5:00 pm', '5:00pm', '5:00 p.m.', '5 pm', '5pm'] }, '8'],
  },
})

mcpTask('weather+national-parks/moab-forecast', {
  servers: ['weather', 'national-parks'],
  category: 'multi-server/single',
  prompt: "Use the weather tools to get the 3-day forecast for Moab and report each day's condition and high and low in °C.",
  fuzzy: "We're camping near Moab for the next three days. What will the weather be each day, highs and lows in Celsius?",
  reference: {
    calls: [{ id: 'forecast', tool: 'weather.get_weather_forecast_tool', args: { city: 'Moab', days: 3 } }],
    answer: 'Moab: 2025-06-15 cloudy, 37.1 / 18.7 °C; 2025-06-16 cloudy, 36.7 / 17.4 °C; 2025-06-17 partly cloudy, 36.4 / 17.7 °C.',
    facts: [
      { value: '37.1', unit: '°C' },
      { value: '36.7', unit: '°C' },
      { value: '36.4', unit: '°C' },
    ],
  },
})

// ---------------------------------------------------------------------------
// multi-server/parallel: independent calls on different servers, one layer
// ---------------------------------------------------------------------------

mcpTask('weather+national-parks+google-maps/zion-day-trip', {
  servers: ['weather', 'national-parks', 'google-maps'],
  category: 'multi-server/parallel',
  prompt:
    'For a day trip from Las Vegas to Zion National Park (park code zion): get the current weather at Zion National Park with the weather tools, the current park alerts with the national parks tools, and driving directions from Las Vegas to Zion National Park with the maps tools. Report the temperature and conditions, each alert, and the driving distance and time.',
  fuzzy:
    "Thinking of driving from Las Vegas to Zion National Park today. What's the weather doing there right now, are there any park alerts I should know about, and how long is the drive?",
  reference: {
    calls: [
      { id: 'weather', tool: 'weather.get_current_weather_tool', args: { city: 'Zion National Park' } },
      { id: 'alerts', tool: 'national-parks.getAlerts', args: { parkCode: 'zion' } },
      { id: 'route', tool: 'google-maps.maps_directions', args: { origin: 'Las Vegas', destination: 'Zion National Park' } },
    ],
    answer:
      'At Zion (Springdale) it is sunny and 18.2 °C. Alerts: Angels Landing needs a lottery permit for the chains section, and there is a flash flood danger in slot canyons (the Narrows closes above 150 cfs). The drive from Las Vegas is 277 km, about 2 hours 48 mins via I-15 and UT-9.',
    facts: [
      { value: '18.2', unit: '°C' },
      'Angels Landing',
      { value: 'flash flood', anyOf: ['flash-flood'] },
      { value: '277', unit: 'km' },
    ],
  },
})

mcpTask('national-parks+weather/arches-alerts', {
  servers: ['national-parks', 'weather'],
  category: 'multi-server/parallel',
  prompt:
    'Use the national parks tools to list the current alerts for Arches National Park (park code arch) and summarise each one, and get the current weather at Arches National Park with the weather tools (temperature in °C and conditions).',
  fuzzy:
    'Before I drive out to Arches National Park, is there anything I should know about, like closures or reservations I need? And what is the weather doing out there right now, in Celsius?',
  reference: {
    calls: [
      { id: 'alerts', tool: 'national-parks.getAlerts', args: { parkCode: 'arch' } },
      { id: 'weather', tool: 'weather.get_current_weather_tool', args: { city: 'Arches National Park' } },
    ],
    answer:
      'Arches has two alerts: a timed entry reservation is required from April 1 to July 6 to enter between 7 am and 4 pm, and the Devils Garden Trail primitive loop beyond Double O Arch is closed after rockfall (the main trail to Double O Arch stays open). In Moab, next to the park, it is cloudy and 19.3 °C right now.',
    facts: [
      { value: 'timed entry', anyOf: ['timed-entry'] },
      { value: 'Devils Garden', anyOf: ["Devil's Garden"] },
      { value: 'rockfall', anyOf: ['rock fall', 'rockslide', 'rock slide'] },
      { value: '19.3', unit: '°C' },
    ],
  },
})

mcpTask('weather+national-parks/yosemite-camping', {
  servers: ['weather', 'national-parks'],
  category: 'multi-server/parallel',
  prompt:
    'Get the 2-day forecast for Yosemite Valley with the weather tools and the campgrounds of Yosemite National Park (park code yose) with the national parks tools. Report which campgrounds are open, their site counts and nightly fees, and the forecast highs in °C.',
  fuzzy:
    'We want to camp in Yosemite tonight and tomorrow. Which campgrounds are actually open, how big are they and what do they cost per night? And how hot will Yosemite Valley get these two days?',
  reference: {
    calls: [
      { id: 'forecast', tool: 'weather.get_weather_forecast_tool', args: { city: 'Yosemite Valley', days: 2 } },
      { id: 'camps', tool: 'national-parks.getCampgrounds', args: { parkCode: 'yose' } },
    ],
    answer:
      'Open: Upper Pines Campground (235 sites, $36.00 per night) and Camp 4 (61 sites, $10.00). Tuolumne Meadows Campground is closed for the 2025 season. Yosemite Valley will be sunny with highs of 26.3 °C today and 30.3 °C tomorrow.',
    facts: ['Upper Pines', 'Camp 4', 'Tuolumne Meadows', { value: '30.3', unit: '°C' }],
  },
})

mcpTask('time+weather/london-lunch', {
  servers: ['time', 'weather'],
  category: 'multi-server/parallel',
  prompt:
    'Get the current time in Europe/London with the time tools and the current weather in London with the weather tools. Report the local time, the conditions and the temperature in °C.',
  fuzzy: 'Is it lunchtime in London yet, and is it nice enough out there to eat outside? Temperature in Celsius please.',
  reference: {
    calls: [
      { id: 'time', tool: 'time.get_current_time', args: { timezone: 'Europe/London' } },
      { id: 'weather', tool: 'weather.get_current_weather_tool', args: { city: 'London' } },
    ],
    answer: 'It is 13:00 in London (BST) and it is cloudy at 17.9 °C.',
    facts: [
      { value: '13:00', anyOf: ['1:00 pm', '1:00pm', '1:00 p.m.', '1 pm', '1pm'] },
      { value: '17.9', unit: '°C' },
      { value: 'cloudy', anyOf: ['overcast'] },
    ],
  },
})

mcpTask('google-maps+weather/grand-canyon-stay', {
  servers: ['google-maps', 'weather'],
  category: 'multi-server/parallel',
  prompt:
    'Search with the maps tools for hotels within 5000 m of Grand Canyon Village, and get the 2-day forecast for Grand Canyon Village with the weather tools. Report the hotels with their ratings and the forecast highs in °C.',
  fuzzy:
    "We're staying at the South Rim, right in Grand Canyon Village, for two nights. Which hotels are within about 5 km and how are they rated? And what highs should we expect today and tomorrow?",
  reference: {
    calls: [
      {
        id: 'hotels',
        tool: 'google-maps.search_nearby',
        args: { center: { value: 'Grand Canyon Village' }, keyword: 'hotel', radius: 5000 },
      },
      { id: 'forecast', tool: 'weather.get_weather_forecast_tool', args: { city: 'Grand Canyon Village', days: 2 } },
    ],
    answer:
      'Nearby hotels: Bright Angel Lodge (rated 4.3, 354 m away) and El Tovar Hotel (4.5, 402 m). The forecast is partly cloudy with highs of 28.4 °C today and 31.3 °C tomorrow.',
    facts: ['Bright Angel Lodge', 'El Tovar', { value: '31.3', unit: '°C' }],
  },
})

mcpTask('time+weather+wikipedia/tokyo-briefing', {
  servers: ['time', 'weather', 'wikipedia'],
  category: 'multi-server/parallel',
  prompt:
    'Prepare a short Tokyo briefing: get the current time in Asia/Tokyo with the time tools, the current weather in Tokyo with the weather tools, and the summary of the Wikipedia article "Tokyo" with the Wikipedia tools. Report the local time, the weather and the population figures.',
  fuzzy:
    "I fly into Tokyo tonight and know almost nothing about it. What time is it there, what's the weather like, and give me a couple of quick facts about the city, like how many people live there.",
  reference: {
    calls: [
      { id: 'time', tool: 'time.get_current_time', args: { timezone: 'Asia/Tokyo' } },
      { id: 'weather', tool: 'weather.get_current_weather_tool', args: { city: 'Tokyo' } },
      { id: 'wiki', tool: 'wikipedia.get_summary', args: { title: 'Tokyo' } },
    ],
    answer:
      'It is 21:00 in Tokyo with moderate rain at 22.8 °C and 95% humidity. Tokyo is the capital of Japan, with about 14 million people in the prefecture and around 37 million in the Greater Tokyo Area.',
    facts: [
      { value: '21:00', anyOf: ['9:00 pm', '9:00pm', '9:00 p.m.', '9 pm', '9pm'] },
      { value: '22.8', unit: '°C' },
      { value: '37 million', anyOf: ['37,000,000', '37m people', '37 M'] },
    ],
  },
})

mcpTask('weather+national-parks+wikipedia/yellowstone-check', {
  servers: ['weather', 'national-parks', 'wikipedia'],
  category: 'multi-server/parallel',
  prompt:
    'For Yellowstone National Park (park code yell): get the current weather at Yellowstone with the weather tools, the current alerts with the national parks tools, and the summary of the Wikipedia article "Yellowstone National Park". Report the temperature, every alert, and the year the park was established.',
  fuzzy:
    'Heading into Yellowstone early this morning. How cold is it, are there any closures or warnings, and remind me when the park was founded?',
  reference: {
    calls: [
      { id: 'weather', tool: 'weather.get_current_weather_tool', args: { city: 'Yellowstone' } },
      { id: 'alerts', tool: 'national-parks.getAlerts', args: { parkCode: 'yell' } },
      { id: 'wiki', tool: 'wikipedia.get_summary', args: { title: 'Yellowstone National Park' } },
    ],
    answer:
      'West Yellowstone is partly cloudy at 3.4 °C. Alerts: road construction between Norris and Mammoth, stay on boardwalks in thermal areas, and bear activity has closed the Riddle Lake Trail. Yellowstone was established on 1 March 1872, widely regarded as the first national park in the world.',
    facts: [{ value: '3.4', unit: '°C' }, 'Riddle Lake', '1872'],
  },
})

// ---------------------------------------------------------------------------
// multi-server/sequential: a later call needs what an earlier one returned
// ---------------------------------------------------------------------------

mcpTask(
  'weather+national-parks+google-maps/sand-dunes-weekend',
  {
    servers: ['weather', 'national-parks', 'google-maps'],
    category: 'multi-server/sequential',
    prompt:
      "Use the national parks tools to find the park in Colorado (state code CO) that offers sandboarding. Then, for that park, get the 2-day weather forecast with the weather tools and driving directions from Denver with the maps tools. Report the park, each day's forecast (condition, high/low °C) and the driving distance and time.",
    fuzzy:
      'My kids want to go sandboarding this weekend and we live in Denver. Which national park in Colorado lets you do that, what will the weather be there today and tomorrow, and how long is the drive?',
    reference: {
      calls: [
        { id: 'park', tool: 'national-parks.findParks', args: { stateCode: 'CO', activities: 'sandboarding' } },
        {
          id: 'forecast',
          tool: 'weather.get_weather_forecast_tool',
          args: { city: 'Great Sand Dunes National Park', days: 2 },
          after: ['park'],
        },
        {
          id: 'route',
          tool: 'google-maps.maps_directions',
          args: { origin: 'Denver', destination: 'Great Sand Dunes National Park' },
          after: ['park'],
        },
      ],
      answer:
        'Great Sand Dunes National Park and Preserve offers sandboarding. Forecast (Alamosa): today patchy rain nearby, 29.2 / 5.6 °C; tomorrow partly cloudy, 26.9 / 5.6 °C. From Denver it is 435 km, about 5 hours 7 mins via US-285 S.',
      facts: ['Great Sand Dunes', { value: '29.2', unit: '°C' }, { value: '435', unit: 'km' }],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)

mcpTask(
  'national-parks+google-maps/alpine-visitor-center-elevation',
  {
    servers: ['national-parks', 'google-maps'],
    category: 'multi-server/sequential',
    prompt:
      'Use the national parks tools to look up the Alpine Visitor Center of Rocky Mountain National Park (park code romo) and its coordinates and hours, then use the maps tools to get the elevation at those coordinates. Report the opening hours and the elevation in metres.',
    fuzzy: 'How high up is the Alpine Visitor Center in Rocky Mountain National Park, in metres? And when is it open?',
    reference: {
      calls: [
        { id: 'center', tool: 'national-parks.getVisitorCenters', args: { parkCode: 'romo', q: 'Alpine' } },
        {
          id: 'elevation',
          tool: 'google-maps.maps_elevation',
          args: { locations: [{ latitude: 40.4418, longitude: -105.7537 }] },
          after: ['center'],
        },
      ],
      answer:
        'The Alpine Visitor Center (40.4418, -105.7537) sits at about 3,595 m. It is open 9:00 AM - 5:00 PM daily when Trail Ridge Road is open, late May to mid-October.',
      // The season, in whichever of its markers the answer uses.
      facts: [
        { value: '3,595', unit: 'm' },
        { value: 'Trail Ridge Road', anyOf: ['late May', 'mid-October', 'mid October'] },
      ],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)

mcpTask(
  'weather+time/sydney-observation-in-los-angeles',
  {
    servers: ['weather', 'time'],
    category: 'multi-server/sequential',
    prompt:
      'Get the current weather in Sydney with the weather tools and note its local observation time (last_updated). Then convert that time from Australia/Sydney to America/Los_Angeles with the time tools. Report the conditions, the temperature and the observation time in both zones.',
    fuzzy:
      'My sister in Los Angeles wants to know what the weather in Sydney is doing, and what time it was on her clock when that reading was taken.',
    reference: {
      calls: [
        { id: 'weather', tool: 'weather.get_current_weather_tool', args: { city: 'Sydney' } },
        {
          id: 'convert',
          tool: 'time.convert_time',
          args: { source_timezone: 'Australia/Sydney', time: '22:00', target_timezone: 'America/Los_Angeles' },
          after: ['weather'],
        },
      ],
      answer:
        'Sydney has a light rain shower at 12 °C (86% humidity), observed at 22:00 Sydney time, which was 05:00 in Los Angeles (17 hours behind).',
      facts: [
        { value: '12', unit: '°C' },
        { value: '22:00', anyOf: ['10:00 pm', '10:00pm', '10:00 p.m.', '10 pm', '10pm'] },
        { value: '05:00', anyOf: ['5 am', '5am'] },
      ],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)

mcpTask(
  'time+google-maps+weather/moab-departure',
  {
    servers: ['time', 'google-maps', 'weather'],
    category: 'multi-server/sequential',
    prompt:
      "Get the current time in America/Denver with the time tools. Then get driving directions from Denver to Moab with the maps tools, departing at that time (ISO 8601 with offset). Also get today's forecast for Moab (1 day) with the weather tools. Report the departure and arrival times, the distance, and Moab's high in °C.",
    fuzzy: 'If I leave Denver for Moab right now, when will I get there and how far is it? And how hot is it going to get in Moab today?',
    reference: {
      calls: [
        { id: 'now', tool: 'time.get_current_time', args: { timezone: 'America/Denver' } },
        { id: 'forecast', tool: 'weather.get_weather_forecast_tool', args: { city: 'Moab', days: 1 } },
        {
          id: 'route',
          tool: 'google-maps.maps_directions',
          args: { origin: 'Denver', destination: 'Moab', departure_time: '2025-06-15T06:00:00-06:00' },
          after: ['now'],
        },
      ],
      answer:
        'Leaving Denver now at 06:00, the 572 km drive on I-70 W takes 5 hours 51 mins, arriving in Moab at about 11:51. Moab will be cloudy with a high of 37.1 °C.',
      facts: ['11:51', { value: '572', unit: 'km' }, { value: '37.1', unit: '°C' }],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)

mcpTask(
  'national-parks+weather/maine-park-forecast',
  {
    servers: ['national-parks', 'weather'],
    category: 'multi-server/sequential',
    prompt:
      "Use the national parks tools to find the national park in Maine (state code ME), then get a 3-day forecast for that park with the weather tools. Report the park and each day's condition, high/low in °C and chance of rain.",
    fuzzy:
      "We'll be on the coast of Maine for the next three days and want to visit the national park there. Which park is it, and what does the weather look like each day (highs and lows)?",
    reference: {
      calls: [
        { id: 'park', tool: 'national-parks.findParks', args: { stateCode: 'ME' } },
        { id: 'forecast', tool: 'weather.get_weather_forecast_tool', args: { city: 'Acadia National Park', days: 3 }, after: ['park'] },
      ],
      answer:
        'The park is Acadia National Park. Forecast for Bar Harbor: 2025-06-15 cloudy, 20.7 / 11.2 °C, 19% rain; 2025-06-16 overcast, 19.2 / 9 °C, 5%; 2025-06-17 sunny, 19.4 / 9.5 °C, 5%.',
      facts: ['Acadia', { value: '20.7', unit: '°C' }, { value: '19.2', unit: '°C' }, { value: '19.4', unit: '°C' }],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)
