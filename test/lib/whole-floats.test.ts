import { describe, expect, it } from 'vitest'
import { pyJsonDumps } from '../../src/lib/py-json.ts'
import { pyRepr } from '../../src/lib/py-repr.ts'
import { extractJsonObjects } from '../../src/lib/tolerant-json.ts'
import { markWholeFloats, pathsUnder, restoreWholeFloats } from '../../src/lib/whole-floats.ts'

/** What Python's json.loads then repr give for these texts (python3 -c 'import json; print(repr(json.loads(t)))'). */
describe('whole floats, as Python reads and prints them', () => {
  const read = (text: string) => {
    const { value, paths } = restoreWholeFloats(extractJsonObjects(markWholeFloats(text))[0])
    return pyRepr(value, new Set(paths))
  }

  it('keeps 1.0, 2e3 and -0.0 floats, and leaves ints, fractions and numbers inside strings alone', () => {
    expect(read('{"a": 1.0, "b": 2e3, "c": -0.0, "d": 3, "e": 1.5, "f": "1.0 in text", "g": [4.00, {"h/i": 5E0}]}')).toBe(
      "{'a': 1.0, 'b': 2000.0, 'c': -0.0, 'd': 3, 'e': 1.5, 'f': '1.0 in text', 'g': [4.0, {'h/i': 5.0}]}",
    )
    // From 1e16 on, Python prints a float in exponent form, as it prints any other float.
    expect(read('{"big": 1e16, "x": 1e20}')).toBe("{'big': 1e+16, 'x': 1e+20}")
  })

  it("gives the places under a planned call's parameters", () => {
    const { value, paths } = restoreWholeFloats(
      JSON.parse(markWholeFloats('{"planned_tools": [{"parameters": {"n": 3.0, "m": 3}}, {"parameters": [1.0]}]}')),
    )
    expect(value).toEqual({ planned_tools: [{ parameters: { n: 3, m: 3 } }, { parameters: [1] }] })
    expect(pathsUnder(paths, '/planned_tools/0/parameters')).toEqual(['/n'])
    expect(pathsUnder(paths, '/planned_tools/1/parameters')).toEqual(['/0'])
  })

  it("prints numbers as Python's json.dumps does, small ones in exponent form", () => {
    expect(pyJsonDumps({ a: 0.00001, b: [], c: {}, d: 'é' }, 2)).toBe('{\n  "a": 1e-05,\n  "b": [],\n  "c": {},\n  "d": "\\u00e9"\n}')
  })
})
