import { mcpTask } from 'vitest-mcp-bench'

/**
 * MCP-Bench's distraction setting: 10 unrelated servers join each task's
 * catalog (drawn with a seed from the task id), so the agent has to find
 * the right tools in a noisy catalog.
 */

mcpTask(
  'time+weather/istanbul-afternoon',
  {
    servers: ['time', 'weather'],
    category: 'multi-server/parallel',
    distractors: 10,
    prompt:
      'Get the current time in Europe/Istanbul with the time tools and the current weather in Istanbul with the weather tools. Report the local time, the conditions, the temperature in °C and the wind speed in km/h.',
    fuzzy:
      "I land in Istanbul soon. What time is it there right now, and what's the weather like, including temperature in Celsius and how windy it is?",
    reference: {
      calls: [
        { id: 'time', tool: 'time.get_current_time', args: { timezone: 'Europe/Istanbul' } },
        { id: 'weather', tool: 'weather.get_current_weather_tool', args: { city: 'Istanbul' } },
      ],
      answer: 'It is 15:00 in Istanbul (UTC+3). It is cloudy at 29 °C with 59% humidity and wind at 15.9 km/h.',
      facts: [
        { value: '15:00', anyOf: ['3:00 pm', '3:00pm', '3:00 p.m.', '3 pm', '3pm'] },
        { value: '29', unit: '°C' },
        { value: '15.9', unit: 'km/h' },
      ],
    },
  },
  ({ run, expect }) => {
    // The run's metrics, made when first read: every call the reference makes succeeds and is one of the plan's.
    expect(run).toSucceedInToolCalls()
    expect(run.metrics).toMatchObject({ callRecall: 1, distractorCalls: 0 })
    // Up to 10 distraction servers, as many as fit in a 128-tool catalog.
    expect(run.distractors.length).toBeGreaterThanOrEqual(8)
    expect(run.catalog.length).toBeLessThanOrEqual(128)
    // Distractors' tools outnumber the task's own, every joined distractor brings its tools, and only those are
    // marked as distractors (how many depends on which servers the seeded draw picks from the configured pool).
    expect(run.catalog.filter((t) => t.distractor).length).toBeGreaterThan(run.catalog.filter((t) => !t.distractor).length)
    expect(new Set(run.catalog.filter((t) => t.distractor).map((t) => t.server))).toEqual(new Set(run.distractors))
  },
)

mcpTask(
  'wikipedia+paper-search/paris-agreement',
  {
    servers: ['wikipedia', 'paper-search'],
    category: 'multi-server/single',
    distractors: 10,
    prompt:
      'Use the Wikipedia tools to get the summary of the article "Paris Agreement" and report when it was adopted, when it entered into force and its temperature goals.',
    fuzzy: 'When was the Paris climate agreement adopted and when did it come into force? What temperature limits does it aim for?',
    reference: {
      calls: [{ id: 'summary', tool: 'wikipedia.get_summary', args: { title: 'Paris Agreement' } }],
      answer:
        'The Paris Agreement was adopted at COP21 in Paris on 12 December 2015 and entered into force on 4 November 2016. It aims to keep warming well below 2 °C above pre-industrial levels and to pursue efforts to limit it to 1.5 °C.',
      facts: ['2015', '2016', '1.5'],
    },
  },
  ({ run, expect }) => {
    // Up to 10 distraction servers, as many as fit in a 128-tool catalog.
    expect(run.distractors.length).toBeGreaterThanOrEqual(8)
    expect(run.catalog.length).toBeLessThanOrEqual(128)
    // Distractors' tools outnumber the task's own, every joined distractor brings its tools, and only those are
    // marked as distractors (how many depends on which servers the seeded draw picks from the configured pool).
    expect(run.catalog.filter((t) => t.distractor).length).toBeGreaterThan(run.catalog.filter((t) => !t.distractor).length)
    expect(new Set(run.catalog.filter((t) => t.distractor).map((t) => t.server))).toEqual(new Set(run.distractors))
  },
)

mcpTask(
  'unit-converter+medical-calculator/child-fluids',
  {
    servers: ['unit-converter', 'medical-calculator'],
    category: 'multi-server/sequential',
    distractors: 10,
    prompt:
      'A child weighs 44 pounds. Convert the weight to kilograms with the unit converter, then compute the maintenance IV fluid rate with the medical calculator (Holliday-Segar) using the weight in kg rounded to two decimals. Report the weight in kg, the hourly rate and the daily volume.',
    fuzzy:
      'My patient is a 44-pound child. What is that in kilograms, and what maintenance fluid rate per hour and total per day should they get?',
    reference: {
      calls: [
        { id: 'kg', tool: 'unit-converter.convert_mass', args: { value: 44, from_unit: 'pound', to_unit: 'kilogram' } },
        { id: 'fluids', tool: 'medical-calculator.maintenance_fluids', args: { weight_kg: 19.96 }, after: ['kg'] },
      ],
      answer: '44 lb is 19.96 kg. By the 4-2-1 rule the maintenance rate is 59.92 mL/h, about 1,438.1 mL per day.',
      facts: ['19.96', '59.92', { value: '1,438.1', derived: 'the hourly rate 59.92 mL/h × 24' }],
    },
  },
  ({ run, expect }) => {
    // Up to 10 distraction servers, as many as fit in a 128-tool catalog.
    expect(run.distractors.length).toBeGreaterThanOrEqual(8)
    expect(run.catalog.length).toBeLessThanOrEqual(128)
    // Distractors' tools outnumber the task's own, every joined distractor brings its tools, and only those are
    // marked as distractors (how many depends on which servers the seeded draw picks from the configured pool).
    expect(run.catalog.filter((t) => t.distractor).length).toBeGreaterThan(run.catalog.filter((t) => !t.distractor).length)
    expect(new Set(run.catalog.filter((t) => t.distractor).map((t) => t.server))).toEqual(new Set(run.distractors))
    expect(run).toFollowDependencies()
  },
)
