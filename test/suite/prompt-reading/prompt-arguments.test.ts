import { describe, expect, it } from 'vitest'
import { argumentsFor, fillable, valuesIn } from '../../support/prompt-reading/prompt-arguments.ts'
import { readPrompt } from '../../support/prompt-reading/prompt-values.ts'
import { keywords } from '../../support/prompt-reading/words.ts'

/**
 * The greedy baseline's argument filling, on small made-up schemas: one
 * call per sentence, values from its own sentence first and then from the
 * rest of the prompt.
 */

/** Arguments for the call a prompt's sentence makes (the last sentence by default). */
function argsFor(schema: unknown, prompt: string, index?: number, options?: Parameters<typeof argumentsFor>[3]) {
  const reading = readPrompt(prompt)
  return argumentsFor(schema, reading, index ?? reading.sentences.length - 1, options)
}

const units = ['meters', 'kilometers', 'miles', 'feet']
const length = {
  type: 'object',
  properties: {
    value: { type: 'number', description: 'Length value to convert' },
    from_unit: { type: 'string', enum: units, description: 'Source unit' },
    to_unit: { type: 'string', enum: units, description: 'Target unit' },
  },
  required: ['value', 'from_unit', 'to_unit'],
}
const temperature = {
  type: 'object',
  properties: {
    value: { type: 'number' },
    from_unit: { type: 'string', enum: ['celsius', 'fahrenheit', 'kelvin'] },
    to_unit: { type: 'string', enum: ['celsius', 'fahrenheit', 'kelvin'] },
  },
  required: ['value', 'from_unit', 'to_unit'],
}
const forecast = {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1, maximum: 10, default: 3 } },
  required: ['city'],
}
const sum = { type: 'object', properties: { numbers: { type: 'array', items: { type: 'number' }, minItems: 1 } }, required: ['numbers'] }
const clock = { type: 'object', properties: { timezone: { type: 'string', description: 'IANA timezone name' } }, required: ['timezone'] }
const convertTime = {
  type: 'object',
  properties: {
    source_timezone: { type: 'string', description: 'Source IANA timezone name' },
    time: { type: 'string', description: 'Time in 24-hour format (HH:MM)' },
    target_timezone: { type: 'string', description: 'Target IANA timezone name' },
  },
  required: ['source_timezone', 'time', 'target_timezone'],
}

describe('arguments from a sentence', () => {
  it('fills names, numbers in order, enum values and defaults', () => {
    expect(argsFor(forecast, 'Forecast for Salt Lake City for 5 days')).toEqual({ city: 'Salt Lake City', days: 5 })
    expect(argsFor(sum, 'Add 3, 4.5 and 12')).toEqual({ numbers: [3, 4.5, 12] })
    expect(argsFor(length, 'Turn 26.2 miles into kilometers')).toEqual({ value: 26.2, from_unit: 'miles', to_unit: 'kilometers' })
    // Nothing in the prompt: required parameters get the schema's default or its first allowed value; optional ones are left out.
    expect(argsFor(length, 'convert something')).toEqual({ value: 1, from_unit: 'meters', to_unit: 'meters' })
    expect(argsFor({ type: 'object', properties: { parkCode: { type: 'string' }, limit: { type: 'number' } } }, 'any alerts?')).toEqual({})
  })

  const bmi = {
    type: 'object',
    properties: {
      weight: { type: 'number', description: 'Weight in kilograms' },
      height: { type: 'number', description: 'Height in centimeters' },
    },
    required: ['weight', 'height'],
  }
  const risk = {
    type: 'object',
    properties: {
      age: { type: 'integer', description: 'Age in years' },
      chf: { type: 'boolean', description: 'History of heart failure' },
      diabetes: { type: 'boolean', description: 'History of diabetes' },
    },
    required: ['age', 'chf', 'diabetes'],
  }

  it('gives a number to the parameter its label names, whatever the order', () => {
    expect(argsFor(bmi, 'She is 160 cm tall and weighs 71 kg.')).toEqual({ weight: 71, height: 160 })
    expect(argsFor(risk, 'A 72-year-old with diabetes and no heart failure.')).toEqual({ age: 72, chf: false, diabetes: true })
  })

  it('reads a negated count as 0', () => {
    const grade = {
      type: 'object',
      properties: { encephalopathy_grade: { type: 'integer', minimum: 0, maximum: 4 }, bilirubin: { type: 'number' } },
      required: ['encephalopathy_grade', 'bilirubin'],
    }
    expect(argsFor(grade, 'A 54-year-old with bilirubin 2.5 and no encephalopathy.')).toEqual({ encephalopathy_grade: 0, bilirubin: 2.5 })
  })

  it('takes a spelled-out number only where its label names the parameter', () => {
    const add = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] }
    expect(argsFor(add, 'Two invoices came in, one for $1,299 and one for $847.')).toEqual({ a: 1299, b: 847 })
    expect(argsFor(forecast, 'Camping near Moab for the next three days.')).toEqual({ city: 'Moab', days: 3 })
  })
})

describe('arguments from the whole prompt', () => {
  it('joins one question spread over two sentences', () => {
    expect(argsFor(length, 'A marathon is 26.2 miles. How long is that in kilometres?')).toEqual({
      value: 26.2,
      from_unit: 'miles',
      to_unit: 'kilometers',
    })
  })

  it('makes the unit written after the number the source and the other the target, wherever each stands', () => {
    const prompt = 'This recipe says to bake at 180 degrees Celsius. What should I set my oven to in Fahrenheit?'
    expect(argsFor(temperature, prompt, 0)).toEqual({ value: 180, from_unit: 'celsius', to_unit: 'fahrenheit' })
    expect(argsFor(temperature, prompt, 1)).toEqual({ value: 180, from_unit: 'celsius', to_unit: 'fahrenheit' })
    // The value to convert is the number beside a unit, not merely the first one.
    expect(argsFor(temperature, 'Patient: 70 kg, 175 cm, thermometer says 101.3 degrees Fahrenheit. What is that in Celsius?')).toEqual({
      value: 101.3,
      from_unit: 'fahrenheit',
      to_unit: 'celsius',
    })
  })

  it("prefers its own sentence's values and takes another sentence's only for what it lacks", () => {
    const prompt = 'Add 1 and 2. Then 10, 20 and 30 please.'
    expect(argsFor(sum, prompt, 0)).toEqual({ numbers: [1, 2] })
    expect(argsFor(sum, prompt, 1)).toEqual({ numbers: [10, 20, 30] })
    // An optional parameter takes only its own sentence's numbers.
    expect(argsFor(forecast, 'Plan 4 hikes. What is the forecast for Moab?')).toEqual({ city: 'Moab' })
  })

  it('turns places into IANA time zones, the source and target by role and order, and reads the clock time', () => {
    expect(argsFor(clock, 'What time is it in New York?')).toEqual({ timezone: 'America/New_York' })
    expect(argsFor(clock, 'I call my aunt in Sydney. What time is it there?')).toEqual({ timezone: 'Australia/Sydney' })
    expect(argsFor(convertTime, 'I am in Denver with a call at 9:00 with a team in Paris. What time is it for them?')).toEqual({
      source_timezone: 'America/Denver',
      time: '09:00',
      target_timezone: 'Europe/Paris',
    })
    // The sentence holding the time and the first place: its own place is the source.
    expect(argsFor(convertTime, 'A call at half past nine New York time. What time is that in London?', 0)).toEqual({
      source_timezone: 'America/New_York',
      time: '09:30',
      target_timezone: 'Europe/London',
    })
  })

  it('gives names after "from" to sources and the rest to destinations', () => {
    const directions = {
      type: 'object',
      properties: {
        origin: { type: 'string', description: 'Starting point' },
        destination: { type: 'string', description: 'Destination address' },
      },
      required: ['origin', 'destination'],
    }
    expect(argsFor(directions, 'Drive to Moab, starting from Denver.')).toEqual({ origin: 'Denver', destination: 'Moab' })
    const matrix = {
      type: 'object',
      properties: {
        origins: { type: 'array', items: { type: 'string' }, description: 'List of origin addresses' },
        destinations: { type: 'array', items: { type: 'string' }, description: 'List of destination addresses' },
      },
      required: ['origins', 'destinations'],
    }
    expect(argsFor(matrix, 'We land in Salt Lake City and can visit Arches National Park or Bryce Canyon. How far is each?')).toEqual({
      origins: ['Salt Lake City'],
      destinations: ['Arches National Park', 'Bryce Canyon'],
    })
  })
})

describe('values of a kind', () => {
  it('gives identifiers to parameters whose name or example asks for their kind', () => {
    const paper = {
      type: 'object',
      properties: { arxiv_id: { type: 'string', description: "The arXiv ID of the paper (e.g., '1810.04805')" } },
      required: ['arxiv_id'],
    }
    const dataset = {
      type: 'object',
      properties: { dataset_id: { type: 'string', description: "The ID of the dataset (e.g., 'squad')" } },
      required: ['dataset_id'],
    }
    const prompt = 'Is openai/gsm8k the data set of arXiv 2110.14168?'
    expect(argsFor(paper, prompt)).toEqual({ arxiv_id: '2110.14168' })
    // A bare example name stands for owner/name ids too.
    expect(argsFor(dataset, prompt)).toEqual({ dataset_id: 'openai/gsm8k' })
    const files = { type: 'object', properties: { paths: { type: 'array', items: { type: 'string' } } }, required: ['paths'] }
    expect(argsFor(files, 'Compare config/staging.env with config/production.env.')).toEqual({
      paths: ['config/staging.env', 'config/production.env'],
    })
  })

  it('gives a bracketed span to a parameter shown a bracketed example, and its numbers to no one else', () => {
    const curl = {
      type: 'object',
      properties: {
        f_str: { type: 'string', description: 'The vector field in list format (e.g., "[x+y, x, 2*z]")' },
        point: { anyOf: [{ type: 'array', items: { type: 'number' } }, { type: 'null' }] },
      },
      required: ['f_str'],
    }
    expect(argsFor(curl, 'The velocity field is [-y, x, 0]. What is its curl at the point (1, 1, 0)?')).toEqual({
      f_str: '[-y, x, 0]',
      point: [1, 1, 0],
    })
    expect(argsFor(curl, 'What is the curl of [-y, x, 0] at (1, 2, 3)?')).toEqual({ f_str: '[-y, x, 0]', point: [1, 2, 3] })
  })

  it('reads allowed values listed in a description, matched by value or by the gloss beside it', () => {
    const pregnancy = {
      type: 'object',
      properties: {
        calculation_method: { type: 'string', description: '"lmp" (last menstrual period), "conception", or "ultrasound"' },
        date_value: { type: 'string' },
      },
      required: ['calculation_method', 'date_value'],
    }
    expect(argsFor(pregnancy, 'Her last menstrual period started on 2025-03-01.')).toEqual({
      calculation_method: 'lmp',
      date_value: '2025-03-01',
    })
    const ascites = {
      type: 'object',
      properties: { ascites: { type: 'string', description: 'One of: "absent", "slight", "moderate"' } },
      required: ['ascites'],
    }
    expect(argsFor(ascites, 'He has slight ascites.')).toEqual({ ascites: 'slight' })
    // Examples are no list of allowed values.
    const search = {
      type: 'object',
      properties: { city: { type: 'string', description: 'A city (e.g., "Paris", "Rome")' } },
      required: ['city'],
    }
    expect(argsFor(search, 'Weather in Denver?')).toEqual({ city: 'Denver' })
  })

  it("abbreviates a name by the rule the parameter's own examples follow", () => {
    const park = {
      type: 'object',
      properties: {
        parkCode: {
          type: 'string',
          description: 'The park code of the national park (e.g., "yose" for Yosemite, "grca" for Grand Canyon)',
        },
      },
      required: ['parkCode'],
    }
    expect(argsFor(park, 'Is Arches National Park open?')).toEqual({ parkCode: 'arch' })
    expect(argsFor(park, 'Is Rocky Mountain National Park open?')).toEqual({ parkCode: 'romo' })
    expect(argsFor(park, 'We camp in Yosemite.')).toEqual({ parkCode: 'yose' })
    const state = {
      type: 'object',
      properties: { stateCode: { type: 'string', description: 'State code ("CA" for California, "NY" for New York)' } },
      required: ['stateCode'],
    }
    expect(argsFor(state, 'Parks in Colorado?')).toEqual({ stateCode: 'CO' })
    expect(argsFor(state, 'Parks in New Mexico?')).toEqual({ stateCode: 'NM' })
  })

  it('gives a parameter the name that carries or stands beside its word', () => {
    const asteroid = {
      type: 'object',
      properties: { asteroid_id: { type: 'string', description: 'Asteroid ID' } },
      required: ['asteroid_id'],
    }
    expect(argsFor(asteroid, 'Will Earth be hit when the asteroid Apophis passes?')).toEqual({ asteroid_id: 'Apophis' })
    const rover = { type: 'object', properties: { rover_name: { type: 'string' } }, required: ['rover_name'] }
    expect(argsFor(rover, 'What did NASA see on Mars with the Curiosity rover?')).toEqual({ rover_name: 'Curiosity' })
  })

  it('fills an optional text parameter only when the sentence uses its word or a name carries it', () => {
    const alerts = {
      type: 'object',
      properties: { parkCode: { type: 'string', description: 'Park code' }, q: { type: 'string', description: 'Search term' } },
    }
    expect(argsFor(alerts, 'I am heading to Moab. Any alerts at the park?')).toEqual({ parkCode: 'Moab' })
    expect(argsFor(alerts, 'I am heading to Zion National Park. Any alerts?')).toEqual({ parkCode: 'Zion National Park' })
    const models = {
      type: 'object',
      properties: { query: { type: 'string' }, author: { type: 'string', description: 'Filter by author' } },
    }
    // An optional search box is filled only when nothing else was: here it is what the call is about.
    expect(argsFor(models, 'Is there a spam classifier model?')).toEqual({ query: 'spam classifier model' })
  })

  it('does not give a tool its own subject as a value', () => {
    const models = { type: 'object', properties: { author: { type: 'string', description: 'Filter by author' } }, required: ['author'] }
    const subjectWords = new Set(keywords('huggingface hub models'))
    expect(argsFor(models, 'Which models by Acme are on Hugging Face?', 0, { subjectWords })).toEqual({ author: 'Acme' })
  })
})

describe('search boxes', () => {
  const search = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] }

  it('takes a quoted phrase as it stands', () => {
    expect(argsFor(search, 'The town\'s name starts with "Twentynine", I think.')).toEqual({ query: 'Twentynine' })
  })

  it("leaves out the tool's own words and words that only ask what to report", () => {
    const toolWords = new Set(keywords('search paper arxiv'))
    expect(argsFor(search, 'Are there any arXiv preprints on gravitational waves?', 0, { toolWords })).toEqual({
      query: 'preprints gravitational waves',
    })
  })

  it('falls back to the nearest sentence with a topic when its own has none', () => {
    const toolWords = new Set(keywords('search iacr eprint archive'))
    expect(
      argsFor(search, 'I am reviewing lattice-based signatures. What are the top 3 hits on the IACR ePrint archive (id, title, year)?', 1, {
        toolWords,
      }),
    ).toEqual({ query: 'reviewing lattice-based signatures' })
  })
})

describe('fillable and exclusions', () => {
  it('counts required parameters the prompt fills, those filled with a value of their kind, and numbers guessed by order', () => {
    expect(fillable(clock, readPrompt('What time is it in Tokyo?'), 0)).toMatchObject({ filled: 1, required: 1, specific: 1 })
    expect(fillable(clock, readPrompt('What time is it now?'), 0)).toMatchObject({ filled: 0, required: 1, specific: 0 })
    const divide = {
      type: 'object',
      properties: { numerator: { type: 'number' }, denominator: { type: 'number' } },
      required: ['numerator', 'denominator'],
    }
    expect(fillable(divide, readPrompt('Share 120 among 4.'), 0)).toMatchObject({ filled: 2, required: 2, guessed: 2 })
    // The sentence's names, identifiers, dates, clock times and bracketed spans, and how many of them the call takes.
    expect(fillable(convertTime, readPrompt('A call at 9:00 in Denver for Paris.'), 0)).toMatchObject({ typedUsed: 3, typedWritten: 3 })
    expect(fillable(clock, readPrompt('A call at 9:00 in Denver for Paris.'), 0)).toMatchObject({ typedUsed: 1, typedWritten: 3 })
  })

  it('passes over values an earlier call already took', () => {
    const model = {
      type: 'object',
      properties: { model_id: { type: 'string', description: "Model ID (e.g., 'google/bert-base-uncased')" } },
      required: ['model_id'],
    }
    const prompt = 'Compare acme/alpha-7b and acme/beta-7b.'
    const first = argsFor(model, prompt)
    expect(first).toEqual({ model_id: 'acme/alpha-7b' })
    expect(argsFor(model, prompt, 0, { exclude: valuesIn(first) })).toEqual({ model_id: 'acme/beta-7b' })
    expect(valuesIn({ a: [1, 'x', { b: 2 }], c: null })).toEqual(new Set([1, 'x', 2]))
  })
})
