import { mcpTask } from 'vitest-mcp-bench'

mcpTask('weather/denver-and-tokyo', {
  servers: ['weather'],
  category: 'single-server/parallel',
  prompt:
    "Get the current weather for Denver and for Tokyo with the weather tools and report each city's temperature in °C and its conditions.",
  fuzzy: "I'm flying from Denver to Tokyo tonight. What's it like outside in both places right now (temperature and conditions)?",
  reference: {
    calls: [
      { id: 'denver', tool: 'weather.get_current_weather_tool', args: { city: 'Denver' } },
      { id: 'tokyo', tool: 'weather.get_current_weather_tool', args: { city: 'Tokyo' } },
    ],
    answer: 'Denver is partly cloudy at 12.5 °C; Tokyo has moderate rain at 22.8 °C.',
    facts: [{ value: '12.5', unit: '°C' }, { value: '22.8', unit: '°C' }, 'partly cloudy', 'moderate rain'],
  },
})
