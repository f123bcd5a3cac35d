import { mcpTask } from 'vitest-mcp-bench'

mcpTask(
  'weather+math/temperature-gap',
  {
    servers: ['weather', 'math'],
    category: 'multi-server/sequential',
    prompt:
      'Get the current temperature in °C for Tokyo and for Denver with the weather tools, then use the math subtract tool to compute how much warmer Tokyo is. Report both temperatures and the difference.',
    fuzzy: 'How much warmer is it in Tokyo than in Denver at the moment? Give me both temperatures in Celsius too.',
    reference: {
      calls: [
        { id: 'tokyo', tool: 'weather.get_current_weather_tool', args: { city: 'Tokyo' } },
        { id: 'denver', tool: 'weather.get_current_weather_tool', args: { city: 'Denver' } },
        { id: 'gap', tool: 'math.subtract', args: { minuend: 22.8, subtrahend: 12.5 }, after: ['tokyo', 'denver'] },
      ],
      answer: 'Tokyo is at 22.8 °C and Denver at 12.5 °C, so Tokyo is about 10.3 °C warmer.',
      facts: ['22.8', '12.5', '10.3'],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)

mcpTask('time+weather/seattle-morning', {
  servers: ['time', 'weather'],
  category: 'multi-server/parallel',
  prompt:
    "Get the current time in America/Los_Angeles with the time tools and the 2-day forecast for Seattle with the weather tools. Report the local time and each day's condition and high temperature in °C.",
  fuzzy: "What time is it in Seattle now, and what's the weather looking like there today and tomorrow (conditions and highs)?",
  reference: {
    calls: [
      { id: 'time', tool: 'time.get_current_time', args: { timezone: 'America/Los_Angeles' } },
      { id: 'forecast', tool: 'weather.get_weather_forecast_tool', args: { city: 'Seattle', days: 2 } },
    ],
    answer: 'It is 05:00 in Seattle (15 June 2025). Today is cloudy with a high of 19.7 °C; tomorrow is sunny with a high of 19 °C.',
    facts: [{ value: '05:00', anyOf: ['5 am', '5am'] }, { value: '19.7', unit: '°C' }, 'cloudy', 'sunny'],
  },
})
