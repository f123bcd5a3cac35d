import { describe, expect, it } from 'vitest'
import { checkedTurn, readReply } from '../../src/runtime/agents/reply-shape.ts'

const fn = (name: string, args: unknown) => ({ type: 'function', function: { name, arguments: args } })

describe('reading a reply that bends the Chat Completions format', () => {
  it('serialises object arguments and makes up a unique id for a call without one, noting both', () => {
    const r = readReply(
      { content: null, tool_calls: [{ ...fn('a__b', { x: 1 }) }, { id: 'c1', ...fn('a__c', '{}') }, { id: 'c1', ...fn('a__d', null) }] },
      undefined,
      'tool_calls',
      3,
    )
    expect(r.message.tool_calls).toEqual([
      { id: 'call_t3_0', type: 'function', function: { name: 'a__b', arguments: '{"x":1}' } },
      { id: 'c1', type: 'function', function: { name: 'a__c', arguments: '{}' } },
      { id: 'call_t3_2', type: 'function', function: { name: 'a__d', arguments: '{}' } },
    ])
    expect(r.notes.join('\n')).toMatch(
      /tool_calls\[0\] had no id[\s\S]*arguments came as an object[\s\S]*tool_calls\[2\] had a repeated id/,
    )
    expect(r.unusable).toBeUndefined()
  })

  it('joins the text of content parts; an empty list is no content', () => {
    expect(
      readReply({ content: [{ type: 'text', text: 'Hello ' }, 'world', { type: 'image_url', image_url: {} }] }, null, 'stop', 1).message
        .content,
    ).toBe('Hello world')
    expect(readReply({ content: [] }, null, 'stop', 1).message.content).toBeNull()
    expect(readReply({ content: { odd: true } }, null, 'stop', 1).message.content).toBe('{"odd":true}')
  })

  it('counts tokens in whole numbers: fractions rounded, negative or non-numbers as none, a missing total summed', () => {
    const r = readReply({ content: 'x' }, { prompt_tokens: 12.5, completion_tokens: -5, total_tokens: 'lots' }, 'stop', 1)
    expect(r.usage).toEqual({ promptTokens: 13, completionTokens: 0, totalTokens: 0 })
    expect(r.notes).toEqual([
      'usage.prompt_tokens was 12.5: counted as 13',
      'usage.completion_tokens was -5: counted as 0',
      'usage.total_tokens was "lots": counted as 0',
    ])
    expect(readReply({ content: 'x' }, { prompt_tokens: 3, completion_tokens: 4 }, 7, 1)).toMatchObject({
      usage: { totalTokens: 7 },
      finishReason: null,
      notes: [],
    })
  })

  it('does not count a number no turn could hold (2^53 + 1, 1e308, a huge number as a string), and says so; the turn stays valid', () => {
    const r = readReply({ content: 'x' }, { prompt_tokens: 2 ** 53 + 1, completion_tokens: 1e308, total_tokens: '9'.repeat(60) }, 'stop', 1)
    expect(r.usage).toEqual({ promptTokens: 0, completionTokens: 0, totalTokens: 0 })
    expect(r.notes).toEqual([
      "usage.prompt_tokens was 9007199254740992, more than any model's turn holds (1000000000): counted as 0",
      "usage.completion_tokens was 1e+308, more than any model's turn holds (1000000000): counted as 0",
      `usage.total_tokens was "${'9'.repeat(39)}…, more than any model's turn holds (1000000000): counted as 0`,
    ])
    expect(readReply({ content: 'x' }, { prompt_tokens: 1e9, completion_tokens: 0 }, 'stop', 1).usage).toEqual({
      promptTokens: 1e9,
      completionTokens: 0,
      totalTokens: 1e9,
    })
  })

  it('says why a tool call with no name cannot be used, keeping the calls that can', () => {
    const r = readReply(
      { content: null, tool_calls: [fn('a__b', '{}'), { id: 'x', type: 'function', function: { arguments: '{}' } }] },
      null,
      null,
      1,
    )
    expect(r.message.tool_calls).toHaveLength(1)
    expect(r.unusable).toMatch(/^tool_calls\[1\] has no function name/)
  })
})

describe('a turn an agent records', () => {
  const turn = {
    content: 'hi',
    toolCalls: [],
    usage: { promptTokens: 2, completionTokens: 3, totalTokens: 5 },
    finishReason: 'stop',
    durationMs: 10,
  }

  it('is kept as it is when it fits the trajectory', () => {
    expect(checkedTurn(turn)).toEqual(turn)
  })

  it('gets whole token counts, with a note', () => {
    expect(checkedTurn({ ...turn, usage: { promptTokens: 2.4, completionTokens: -1, totalTokens: 1.4 } })).toMatchObject({
      usage: { promptTokens: 2, completionTokens: 0, totalTokens: 1 },
      replyNotes: expect.arrayContaining(['usage.completionTokens was -1: counted as 0']),
    })
  })

  it('does not count token numbers past any turn, from an agent that records its own turns', () => {
    const t = checkedTurn({ ...turn, usage: { promptTokens: Number.MAX_VALUE, completionTokens: 2 ** 53 + 1, totalTokens: 5 } })
    expect(t.usage).toEqual({ promptTokens: 0, completionTokens: 0, totalTokens: 5 })
    expect(t.replyNotes).toHaveLength(2)
  })

  it('is refused, naming the field, when it cannot fit', () => {
    const bad = { ...turn, toolCalls: [{ id: 'a', name: 'x', arguments: { not: 'a string' } }] } as unknown as typeof turn
    expect(() => checkedTurn(bad)).toThrow(
      /the agent recorded a model turn the trajectory cannot hold: toolCalls\.0\.arguments: .*expected string/,
    )
  })
})
