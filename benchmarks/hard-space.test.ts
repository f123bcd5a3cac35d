import { mcpTask } from 'vitest-mcp-bench'

/**
 * Hard tier, space science over the nasa-data fixture (a snapshot of May
 * 2024, "today" being 2024-05-14), with unit conversion, math and
 * Wikipedia. The events link to each other by id: a storm names the CMEs
 * that caused it, a CME names its flare, a feed names the asteroids to look
 * up. Which one to follow is decided by the numbers.
 */

mcpTask('hard/nasa-data+unit-converter+wikipedia/may-2024-storm', {
  servers: ['nasa-data', 'unit-converter', 'wikipedia'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 5,
  prompt:
    "Get the geomagnetic storms of the default window and take the strongest (highest Kp). Get the coronal mass ejections of 2024-05-08 to 2024-05-09 (the dates of the CMEs the storm names) and the WSA-Enlil simulations of 2024-05-08 to 2024-05-10. Of the storm's CMEs take the fastest; get the solar flares of its day and find the flare linked to it. Convert the CME's speed to miles per hour and to a fraction of the speed of light. Also get the solar flares of the whole default window (strongest class), the Wikipedia section \"Classification\" of \"Solar flare\", and the astronomy picture of 2024-05-10. Get the IPS notifications of 2024-05-10 for the shock arrival and then the magnetopause crossings of 2024-05-10 to 2024-05-11; convert the fastest CME's transit from launch to the shock (in minutes) to hours. Report the storm's start and Kp, the fastest CME with its speed in both units, its flare class and region, the Enlil arrival estimate for Earth that included it or its neighbours, the shock arrival and the CME's transit time, when the magnetopause was first pushed inside geosynchronous orbit, the strongest flare of the window, how the classes compare, and the picture's title.",
  fuzzy:
    "Help me explain the big solar storm of May 2024 to my astronomy club. When did the strongest geomagnetic storm start and how high did the Kp index go? Of the coronal mass ejections that caused it, which was the fastest, how fast is that in miles per hour and as a share of the speed of light, and which flare launched it? When did the last forecast model run before the storm (the one that included the fastest cloud) expect the clouds to hit Earth (give times in UTC), when did the shock actually arrive, how many hours did the fastest cloud take, and when was Earth's magnetic shield first pushed inside the orbit of geostationary satellites? What was the strongest flare of the whole period, and how much stronger is an X flare than the class below it? There was also a NASA picture of the day about the clouds heading for Earth: what was it called?",
  reference: {
    calls: [
      { id: 'storms', tool: 'nasa-data.get_geomagnetic_storm', args: {} },
      { id: 'all-flares', tool: 'nasa-data.get_solar_flare', args: {} },
      {
        id: 'classes',
        tool: 'wikipedia.summarize_article_section',
        args: { title: 'Solar flare', section_title: 'Classification', max_length: 300 },
      },
      { id: 'apod', tool: 'nasa-data.get_astronomy_picture_of_day', args: { date: '2024-05-10' } },
      {
        id: 'cmes',
        tool: 'nasa-data.get_coronal_mass_ejection',
        args: { start_date: '2024-05-08', end_date: '2024-05-09' },
        after: ['storms'],
      },
      {
        id: 'enlil',
        tool: 'nasa-data.get_wsa_enlil_simulation',
        args: { start_date: '2024-05-08', end_date: '2024-05-10' },
        after: ['storms'],
      },
      { id: 'flare', tool: 'nasa-data.get_solar_flare', args: { start_date: '2024-05-09', end_date: '2024-05-09' }, after: ['cmes'] },
      {
        id: 'mph',
        tool: 'unit-converter.convert_speed',
        args: { value: 1130, from_unit: 'kilometers per second', to_unit: 'miles per hour' },
        after: ['cmes'],
      },
      {
        id: 'light',
        tool: 'unit-converter.convert_speed',
        args: { value: 1130, from_unit: 'kilometers per second', to_unit: 'speed of light' },
        after: ['cmes'],
      },
      {
        id: 'shock',
        tool: 'nasa-data.get_notifications',
        args: { start_date: '2024-05-10', end_date: '2024-05-10', notification_type: 'IPS' },
        after: ['storms'],
      },
      {
        id: 'magnetopause',
        tool: 'nasa-data.get_magnetopause_crossing',
        args: { start_date: '2024-05-10', end_date: '2024-05-11' },
        after: ['shock'],
      },
      {
        id: 'transit',
        tool: 'unit-converter.convert_time',
        args: { value: 1304, from_unit: 'minutes', to_unit: 'hours' },
        after: ['cmes', 'shock'],
      },
    ],
    answer:
      'The strongest storm began at 2024-05-10T16:36Z and reached Kp 9. Of the CMEs it names, the fastest left the Sun at 2024-05-09T18:52Z at 1130 km/s, about 2,527,738 mph or 0.0038 of the speed of light (0.38%). It was launched by the X1.1 flare that began at 2024-05-09T17:23Z in active region 13664. The WSA-Enlil runs expected the shock at Earth at 2024-05-10T16:00Z (run of 2024-05-08) and at 2024-05-10T12:00Z (run of 2024-05-09, with three of the CMEs); DSCOVR detected it at L1 at 16:36Z on 2024-05-10, so the fastest CME took 1304 minutes, about 21.7 hours. The magnetopause was first pushed inside geosynchronous orbit at 2024-05-10T18:40Z. The strongest flare of the whole period was an X8.7 on 2024-05-14, also from region 13664. Each class is ten times stronger than the one before, so an X flare is ten times an M flare. The picture of the day on 2024-05-10 was "Coronal Mass Ejections Head for Earth".',
    facts: [
      // The start time (UTC) however the date around it is written.
      { value: '16:36', anyOf: ['4:36 pm', '4:36pm', '4:36 p.m.'], goal: 'storm' },
      {
        value: 'Kp 9',
        anyOf: [
          'Kp index of 9',
          'Kp of 9',
          'Kp=9',
          'Kp = 9',
          'Kp index 9',
          'Kp reached 9',
          'Kp index reached 9',
          'Kp index went to 9',
          'Kp index hit 9',
          'Kp 9',
          'Kp9',
          'Kp of nine',
          'G5',
        ],
        derived: 'the storm\'s "Kp Indices (max 9)"',
        goal: 'storm',
      },
      { value: '1130', unit: 'km/s', goal: 'fastest cme' },
      { value: '2,527,738', anyOf: ['2.53 million', '2.528 million', '2,528,000', '2,530,000', '2.5 million'], goal: 'fastest cme' },
      { value: '0.0038', anyOf: ['0.38%', '0.377%', '0.38 %'], goal: 'fastest cme' },
      { value: 'X1.1', goal: 'fastest cme' },
      { value: '2024-05-10T12:00Z', anyOf: ['12:00 UTC', '12:00Z', '12:00 UT', '1200 UTC', 'noon UTC'], goal: 'forecast' },
      { value: '21.7', goal: 'forecast' },
      { value: '2024-05-10T18:40Z', anyOf: ['18:40 UTC', '18:40Z', '18:40 UT', '1840 UTC', '6:40 pm UTC'], goal: 'forecast' },
      { value: 'X8.7', goal: 'flares' },
      {
        value: 'ten times',
        anyOf: ['10 times', '10x', '10×', 'tenfold', 'ten-fold', '10-fold', 'factor of 10', 'factor of ten', '10 ×'],
        goal: 'flares',
      },
      { value: 'Coronal Mass Ejections Head for Earth', goal: 'picture' },
    ],
  },
})

mcpTask('hard/nasa-data+unit-converter+math/asteroid-week', {
  servers: ['nasa-data', 'unit-converter', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt:
    "Get the asteroid close approaches from 2024-05-14 to 2024-05-20. Take three objects: the one passing closest, the fastest, and the largest potentially hazardous one (by maximum estimated diameter). Look up each. Convert the closest one's miss distance to miles, the fastest one's speed to miles per hour, and the largest hazardous one's maximum diameter to feet and its orbital period to years. With the math tools, compute how many times farther the hazardous one passes than the closest one. Also look up Apophis and compute how many times farther the closest object passes than Apophis will on its 2029 approach. Report names and ids, the dates, the converted values and the ratios, and whether the closest one is hazardous.",
  fuzzy:
    "What is flying past Earth between 14 and 20 May 2024? I want three objects: the one that comes closest, the fastest one, and the biggest of those flagged as potentially hazardous. For the closest: how far away in miles and is it dangerous? For the fastest: its speed in miles per hour. For the big hazardous one: how wide at most, in feet, how long it takes to go round the Sun in years, and how many times farther away than the closest one it passes. To put the closest pass in context: how close will Apophis come in 2029, in km, and how many times farther is this week's closest pass?",
  reference: {
    calls: [
      { id: 'feed', tool: 'nasa-data.get_asteroids_feed', args: { start_date: '2024-05-14', end_date: '2024-05-20' } },
      { id: 'closest', tool: 'nasa-data.get_asteroid_lookup', args: { asteroid_id: '5463288' }, after: ['feed'] },
      { id: 'fastest', tool: 'nasa-data.get_asteroid_lookup', args: { asteroid_id: '5463973' }, after: ['feed'] },
      { id: 'hazardous', tool: 'nasa-data.get_asteroid_lookup', args: { asteroid_id: '5463699' }, after: ['feed'] },
      {
        id: 'miles',
        tool: 'unit-converter.convert_length',
        args: { value: 1949292.4, from_unit: 'kilometer', to_unit: 'mile' },
        after: ['closest'],
      },
      {
        id: 'mph',
        tool: 'unit-converter.convert_speed',
        args: { value: 74160, from_unit: 'kilometers per hour', to_unit: 'miles per hour' },
        after: ['fastest'],
      },
      {
        id: 'feet',
        tool: 'unit-converter.convert_length',
        args: { value: 0.6224, from_unit: 'kilometer', to_unit: 'foot' },
        after: ['hazardous'],
      },
      {
        id: 'years',
        tool: 'unit-converter.convert_time',
        args: { value: 971.7, from_unit: 'days', to_unit: 'years' },
        after: ['hazardous'],
      },
      { id: 'ratio', tool: 'math.division', args: { numerator: 21665168.4, denominator: 1949292.4 }, after: ['closest', 'hazardous'] },
      { id: 'apophis', tool: 'nasa-data.get_asteroid_lookup', args: { asteroid_id: 'Apophis' } },
      { id: 'versus-apophis', tool: 'math.division', args: { numerator: 1949292.4, denominator: 38055.6 }, after: ['closest', 'apophis'] },
    ],
    answer:
      "Closest: (2023 XT24), id 5463288, on 2024-May-16 00:48 at 1,949,292.4 km (5.071 lunar distances), about 1,211,234 miles; it is not potentially hazardous. Fastest: (2024 GD39), id 5463973, on 2024-May-19 at 74,160 km/h, about 46,081 mph. Largest potentially hazardous: (2024 AP17), id 5463699, up to 0.6224 km across, about 2,042 feet; it orbits the Sun every 971.7 days, about 2.66 years, and passes on 2024-May-18 at 21,665,168.4 km, about 11.1 times farther than (2023 XT24). Apophis will pass at only 38,055.6 km on 2029-Apr-13, so (2023 XT24)'s pass is about 51.2 times farther than that.",
    facts: [
      { value: '2023 XT24', goal: 'closest' },
      // Miles, mph and feet are what the prompt asks for and what the conversions produce: no unit, so the
      // lookup's own km and km/h do not stand in for them.
      { value: '1,211,234', anyOf: ['1.21 million', '1,211,000', '1.211 million'], goal: 'closest' },
      { value: '2024 GD39', goal: 'fastest' },
      { value: '46,081', goal: 'fastest' },
      { value: '2024 AP17', goal: 'hazardous' },
      { value: '2,042', goal: 'hazardous' },
      { value: '2.66', goal: 'hazardous' },
      { value: '11.1', goal: 'hazardous' },
      { value: '51.2', goal: 'apophis' },
      { value: '38,055.6', unit: 'km', goal: 'apophis' },
    ],
  },
})

mcpTask('hard/nasa-data+unit-converter+math/nearest-temperate-world', {
  servers: ['nasa-data', 'unit-converter', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 6,
  prompt:
    "Query the exoplanet archive for planets with an equilibrium temperature between 200 and 300 K and a radius of at most 1.6 Earth radii, and separately for all planets closer than 5 parsecs. Among the temperate small planets take the nearest; if several tie, the one whose temperature is closest to 255 K (compute the gaps with the math tools). Query all planets of its host star. Convert its distance to light years and to kilometres, and the nearest planet overall (the one closer than 5 pc) to light years. With the math tools compute how much farther the chosen planet is in light years, and how long Voyager 1 (17 km/s) would take to get there: seconds = km / 17, then convert to years. Report the chosen planet and why, its host's other planets, the distances, the difference, why the nearest planet overall was not chosen, and the travel time.",
  fuzzy:
    "Which known planet that is roughly Earth-sized and has a temperate temperature (between 200 and 300 kelvin) is closest to us? If there is a tie, prefer the one whose temperature is nearest to Earth's 255 K. What other planets orbit the same star? How far away is it in light years and kilometres, and how much farther is it than the nearest exoplanet of all (and why does that one not count)? And how many years would Voyager 1, at 17 km/s, need to get there?",
  reference: {
    calls: [
      { id: 'temperate', tool: 'nasa-data.get_exoplanet_data', args: { query: 'pl_eqt >= 200 and pl_eqt <= 300 and pl_rade <= 1.6' } },
      { id: 'nearby', tool: 'nasa-data.get_exoplanet_data', args: { query: 'sy_dist < 5' } },
      { id: 'gap-e', tool: 'math.subtract', args: { minuend: 255, subtrahend: 250 }, after: ['temperate'] },
      { id: 'gap-f', tool: 'math.subtract', args: { minuend: 255, subtrahend: 218 }, after: ['temperate'] },
      { id: 'system', tool: 'nasa-data.get_exoplanet_data', args: { query: "hostname = 'TRAPPIST-1'" }, after: ['gap-e', 'gap-f'] },
      {
        id: 'ly',
        tool: 'unit-converter.convert_length',
        args: { value: 12.43, from_unit: 'parsec', to_unit: 'light year' },
        after: ['gap-e', 'gap-f'],
      },
      {
        id: 'km',
        tool: 'unit-converter.convert_length',
        args: { value: 12.43, from_unit: 'parsec', to_unit: 'kilometer' },
        after: ['gap-e', 'gap-f'],
      },
      {
        id: 'nearest-ly',
        tool: 'unit-converter.convert_length',
        args: { value: 1.3, from_unit: 'parsec', to_unit: 'light year' },
        after: ['nearby'],
      },
      {
        id: 'difference',
        tool: 'math.subtract',
        args: { minuend: 40.5412377501912, subtrahend: 4.240032910317664 },
        after: ['ly', 'nearest-ly'],
      },
      { id: 'seconds', tool: 'math.division', args: { numerator: 383549723379376.94, denominator: 17 }, after: ['km'] },
      {
        id: 'voyager-years',
        tool: 'unit-converter.convert_time',
        args: { value: 22561748434080.996, from_unit: 'seconds', to_unit: 'years' },
        after: ['seconds'],
      },
    ],
    answer:
      'Three small temperate planets qualify: TRAPPIST-1 e (250 K), TRAPPIST-1 f (218 K), both 12.43 pc away, and TOI-700 d (31.1 pc). The two TRAPPIST-1 planets tie on distance, and TRAPPIST-1 e is closer to 255 K (5 K off, against 37 K for f), so it is the one. Its star also hosts TRAPPIST-1 f and TRAPPIST-1 g. 12.43 pc is about 40.54 light years, or about 383,549,723,379,377 km. The nearest exoplanet of all, Proxima Cen b at 1.3 pc (about 4.24 light years), does not count because its radius is unknown; TRAPPIST-1 e is about 36.3 light years farther. At 17 km/s Voyager 1 would need about 22,561,748,434,081 seconds, roughly 714,953 years.',
    facts: [
      { value: 'TRAPPIST-1 e', anyOf: ['TRAPPIST-1e'], goal: 'choice' },
      { value: 'TRAPPIST-1 g', anyOf: ['TRAPPIST-1g'], goal: 'system' },
      { value: '40.54', unit: 'ly', goal: 'distance' },
      { value: 'Proxima Cen b', anyOf: ['Proxima Centauri b', 'Proxima b', 'Proxima Cen. b'], goal: 'nearest' },
      { value: '36.3', goal: 'nearest' },
      { value: '714,953', anyOf: ['715,000', '714,950', '0.715 million'], goal: 'voyager' },
    ],
  },
})

mcpTask('hard/nasa-data+wikipedia+math/curiosity-busiest-sol', {
  servers: ['nasa-data', 'wikipedia', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt:
    'Get the mission manifests of Curiosity, Opportunity and Spirit, and the "Physical characteristics" section of the Wikipedia article "Mars". Of the three rovers, take the one with the highest max sol and get its photos on that sol. For Curiosity, take the sol of the snapshot with the most photos, get its photos, find the camera with the most photos that sol and get the photos of that camera only. With the math tools convert that sol to Earth days (sol length 24 h 39 min = 24.65 h: sols × 24.65 / 24). Get the "Exploration" section of the article too, and compute with the math tools how many calendar years the longest-lived rover worked (last year minus landing year). Report the rover with the most sols, its years of work and its last photos, where Curiosity landed, Curiosity\'s busiest sol with its date and photo count, the top camera and its photo ids, and the Earth-day equivalent.',
  fuzzy:
    "Some Mars rover trivia for my kids. Of Curiosity, Opportunity and Spirit, which one kept going for the most Martian days (name just that rover), what was its last sol, for how many years did it work, and what cameras took its last pictures in NASA's records? Where did Curiosity land? For Curiosity, which day in the records has the most photos, what Earth date was it, which camera took the most pictures that day (list their photo IDs), and how many Earth days had passed since landing by then, given how long a Martian day is?",
  reference: {
    calls: [
      { id: 'curiosity', tool: 'nasa-data.get_mars_rover_manifest', args: { rover_name: 'curiosity' } },
      { id: 'opportunity', tool: 'nasa-data.get_mars_rover_manifest', args: { rover_name: 'opportunity' } },
      { id: 'spirit', tool: 'nasa-data.get_mars_rover_manifest', args: { rover_name: 'spirit' } },
      {
        id: 'sol-length',
        tool: 'wikipedia.summarize_article_section',
        args: { title: 'Mars', section_title: 'Physical characteristics', max_length: 300 },
      },
      {
        id: 'exploration',
        tool: 'wikipedia.summarize_article_section',
        args: { title: 'Mars', section_title: 'Exploration', max_length: 300 },
      },
      {
        id: 'opportunity-years',
        tool: 'math.subtract',
        args: { minuend: 2018, subtrahend: 2004 },
        after: ['curiosity', 'opportunity', 'spirit'],
      },
      {
        id: 'last-photos',
        tool: 'nasa-data.get_mars_rover_photos',
        args: { rover_name: 'opportunity', sol: 5111 },
        after: ['curiosity', 'opportunity', 'spirit'],
      },
      { id: 'busiest', tool: 'nasa-data.get_mars_rover_photos', args: { rover_name: 'curiosity', sol: 1000 }, after: ['curiosity'] },
      {
        id: 'top-camera',
        tool: 'nasa-data.get_mars_rover_photos',
        args: { rover_name: 'curiosity', sol: 1000, camera: 'MAST' },
        after: ['busiest'],
      },
      { id: 'hours', tool: 'math.multiply', args: { firstNumber: 1000, SecondNumber: 24.65 }, after: ['curiosity', 'sol-length'] },
      { id: 'days', tool: 'math.division', args: { numerator: 24650, denominator: 24 }, after: ['hours'] },
    ],
    answer:
      "Opportunity lasted longest, to sol 5111 (2018-06-11), more than Curiosity's 4184 or any other rover's: about 14 years after landing in 2004; its last photos in the records were taken by PANCAM, NAVCAM and RHAZ. Curiosity landed in Gale crater in August 2012. Its busiest sol in the snapshot is sol 1000 (2015-05-30) with 9 photos. The Mast Camera (MAST) took the most that day, 3 photos: 100692, 100865 and 101038. A sol lasts 24 hours 39 minutes, so 1000 sols are 24,650 hours, about 1027.08 Earth days.",
    facts: [
      // Curiosity cannot be forbidden (the other questions are about it); naming Spirit as well is a hedge.
      { value: 'Opportunity', forbid: ['Spirit'], goal: 'longest' },
      { value: '5111', goal: 'longest' },
      { value: '14', goal: 'longest' },
      { value: 'Gale crater', goal: 'busiest sol' },
      { value: 'PANCAM', anyOf: ['Panoramic Camera'], goal: 'longest' },
      {
        value: '2015-05-30',
        anyOf: ['30 May 2015', 'May 30, 2015', '30 May 2015', 'May 30, 2015', 'May 30 2015', '30th May 2015', 'May 30th, 2015'],
        goal: 'busiest sol',
      },
      { value: '100692', goal: 'camera' },
      { value: '101038', goal: 'camera' },
      { value: '1027.08', goal: 'earth days' },
    ],
  },
})

mcpTask('hard/nasa-data+wikipedia+math/pictures-of-a-stormy-week', {
  servers: ['nasa-data', 'wikipedia', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 4,
  prompt:
    'Get the last seven astronomy pictures of the day (count 7, up to today) and the Wikipedia summary and "Classification" section of "Solar flare". The last picture follows sunspot region 3664 (DONKI active region 13664): get the solar flares from 2024-05-08 to 2024-05-14, count that region\'s X-class flares and find its strongest with the math tools (maximum of the X magnitudes). The aurora pictures refer to a storm: get the geomagnetic storms of the same week and the GST notifications of 2024-05-10 to 2024-05-11. For the day of the strongest flare get the FLR notifications and the WSA-Enlil simulations, to see whether its CME was heading for Earth. With the math tools compute how many times stronger the strongest flare was than the strongest flare of 2024-05-09 (the day of the flare picture). Report the solar pictures and the video, the region\'s X-flare count and strongest flare with its time, the storm\'s peak Kp and what the alert compared it to, whether the last CME hit Earth, and the strength ratio with the classification rule.',
  fuzzy:
    "This week's NASA pictures of the day were full of the Sun. Which of the last seven were about the solar outburst, and which one was a video? The last one follows a sunspot region rotating away: how many X-class flares did that region fire that week, which was the biggest and when did it peak? The aurora pictures mention a record storm: how strong did it get, and what did NASA's alert compare it to? Did the cloud from that biggest flare head for Earth? And how many times stronger was it than the strongest flare on the day of the flare picture, going by how flare classes work?",
  reference: {
    calls: [
      { id: 'pictures', tool: 'nasa-data.get_astronomy_picture_of_day', args: { count: 7 } },
      { id: 'flare-article', tool: 'wikipedia.get_summary', args: { title: 'Solar flare' } },
      {
        id: 'classes',
        tool: 'wikipedia.summarize_article_section',
        args: { title: 'Solar flare', section_title: 'Classification', max_length: 300 },
      },
      { id: 'flares', tool: 'nasa-data.get_solar_flare', args: { start_date: '2024-05-08', end_date: '2024-05-14' }, after: ['pictures'] },
      {
        id: 'storms',
        tool: 'nasa-data.get_geomagnetic_storm',
        args: { start_date: '2024-05-08', end_date: '2024-05-14' },
        after: ['pictures'],
      },
      {
        id: 'storm-alerts',
        tool: 'nasa-data.get_notifications',
        args: { start_date: '2024-05-10', end_date: '2024-05-11', notification_type: 'GST' },
        after: ['pictures'],
      },
      { id: 'strongest', tool: 'math.max', args: { numbers: [1.0, 1.0, 1.0, 2.2, 1.1, 3.9, 5.8, 1.5, 1.7, 1.2, 8.7] }, after: ['flares'] },
      {
        id: 'flare-alert',
        tool: 'nasa-data.get_notifications',
        args: { start_date: '2024-05-14', end_date: '2024-05-14', notification_type: 'FLR' },
        after: ['strongest'],
      },
      {
        id: 'enlil',
        tool: 'nasa-data.get_wsa_enlil_simulation',
        args: { start_date: '2024-05-14', end_date: '2024-05-14' },
        after: ['strongest'],
      },
      { id: 'ratio', tool: 'math.division', args: { numerator: 8.7, denominator: 2.2 }, after: ['strongest', 'classes'] },
    ],
    answer:
      'Of the seven pictures (2024-05-08 to 2024-05-14), five were about the outburst: "An X-Class Flare in Ultraviolet" (05-09), "Coronal Mass Ejections Head for Earth" (05-10, the video), "Auroras Far from the Poles" (05-11), "Aurora Australis over a Lake" (05-12) and "A Giant Sunspot Rotates Away" (05-14). That week region 13664 fired 11 X-class flares (plus an M6.6); the biggest was an X8.7 that began at 2024-05-14T16:46Z and peaked at 16:51Z, the largest of solar cycle 25 so far. The storm that began 2024-05-10T16:36Z reached Kp 9, and the alert called it the strongest storm since 2003. The X8.7 flare\'s CME was not Earth-directed: the Enlil run shows no Earth impact, only a glancing blow at Parker Solar Probe. On 2024-05-09 the strongest flare was an X2.2; since the number after the letter scales linearly (an X2 is twice an X1), the X8.7 was about 3.95 times stronger.',
    facts: [
      { value: 'Coronal Mass Ejections Head for Earth', goal: 'pictures' },
      { value: 'A Giant Sunspot Rotates Away', goal: 'pictures' },
      {
        value: '11 X-class',
        anyOf: ['11 X', 'eleven X'],
        derived: 'the flares of active region 13664 in the week whose class starts with X',
        goal: 'region',
      },
      { value: 'X8.7', goal: 'region' },
      { value: '16:51', anyOf: ['4:51 pm', '4:51pm', '4:51 p.m.'], goal: 'region' },
      { value: '2003', goal: 'storm' },
      {
        value: 'no Earth impact',
        anyOf: [
          'not Earth-directed',
          'not Earth directed',
          'not directed at Earth',
          'not directed toward Earth',
          'not directed towards Earth',
          'not heading for Earth',
          'not head for Earth',
          'not head toward Earth',
          'not head towards Earth',
          'did not hit Earth',
          'missed Earth',
          'miss Earth',
          'no impact on Earth',
          'no Earth arrival',
          'away from Earth',
        ],
        goal: 'cme',
      },
      { value: '3.95', goal: 'ratio' },
    ],
  },
})
