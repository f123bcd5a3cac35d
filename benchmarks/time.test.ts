import { mcpTask } from 'vitest-mcp-bench'

mcpTask('time/tokyo-now', {
  servers: ['time'],
  category: 'single-server/single',
  prompt: 'Use the time tools to get the current time in the Asia/Tokyo time zone and report it.',
  fuzzy: 'What time is it right now over in Tokyo?',
  reference: {
    calls: [{ id: 'now', tool: 'time.get_current_time', args: { timezone: 'Asia/Tokyo' } }],
    answer: 'It is 21:00 (9 pm) on 15 June 2025 in Tokyo.',
    facts: [{ value: '21:00', anyOf: ['9:00 pm', '9:00pm', '9:00 p.m.', '9 pm', '9pm'] }],
  },
})

mcpTask(
  'time/meeting-in-london',
  {
    servers: ['time'],
    category: 'single-server/single',
    prompt:
      'Convert 09:30 in America/New_York to the Europe/London time zone with the time tools, and give the London time and the offset between the two.',
    fuzzy:
      'I have a call at half past nine New York time. What time will that be for my colleague in London, and how many hours ahead are they?',
    reference: {
      calls: [
        {
          id: 'convert',
          tool: 'time.convert_time',
          args: { source_timezone: 'America/New_York', time: '09:30', target_timezone: 'Europe/London' },
        },
      ],
      answer: 'The 09:30 call in New York is at 14:30 in London, which is 5 hours ahead.',
      facts: [{ value: '14:30', anyOf: ['2:30 pm', '2:30pm', '2:30 p.m.'] }, '5'],
    },
  },
  ({ run, expect }) => {
    expect(run).toCallTool('time.convert_time', { time: '09:30' })
  },
)
