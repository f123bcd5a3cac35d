import { mcpTask } from 'vitest-mcp-bench'

/**
 * Multi-server research and calculation tasks over the paper-search,
 * wikipedia, math, nasa-data, huggingface, scientific-computing,
 * unit-converter and medical-calculator fixtures.
 */

// ---------------------------------------------------------------------------
// multi-server/single: several servers on offer, one call answers the task
// ---------------------------------------------------------------------------

mcpTask('wikipedia+paper-search/lovelace-summary', {
  servers: ['wikipedia', 'paper-search'],
  category: 'multi-server/single',
  prompt:
    'Use the Wikipedia tools to get the summary of the article "Ada Lovelace" and report when she was born and what she is known for.',
  fuzzy: 'Who was Ada Lovelace? When was she born and why is she famous?',
  reference: {
    calls: [{ id: 'summary', tool: 'wikipedia.get_summary', args: { title: 'Ada Lovelace' } }],
    answer:
      "Ada Lovelace (born 10 December 1815, died 1852) was an English mathematician known for her notes on Charles Babbage's Analytical Engine, which include what is often called the first published algorithm for a machine; she is regarded as one of the first computer programmers.",
    facts: ['1815', 'Analytical Engine'],
  },
})

mcpTask('math+unit-converter/marathon-km', {
  servers: ['math', 'unit-converter'],
  category: 'multi-server/single',
  prompt: "Use the unit converter's length tool to convert 26.2 miles to kilometres and report the result.",
  fuzzy: 'A marathon is 26.2 miles. How long is that in kilometres?',
  reference: {
    calls: [{ id: 'convert', tool: 'unit-converter.convert_length', args: { value: 26.2, from_unit: 'mile', to_unit: 'kilometer' } }],
    answer: '26.2 miles is about 42.16 km (42.1648 km).',
    facts: ['42.16'],
  },
})

mcpTask('medical-calculator+unit-converter/mean-arterial-pressure', {
  servers: ['medical-calculator', 'unit-converter'],
  category: 'multi-server/single',
  prompt: 'Use the medical calculator to compute the mean arterial pressure for a blood pressure of 128/82 mmHg and report it.',
  fuzzy: 'My blood pressure reading was 128 over 82. What is my mean arterial pressure?',
  reference: {
    calls: [{ id: 'map', tool: 'medical-calculator.map_calculator', args: { sbp: 128, dbp: 82 } }],
    answer: 'The mean arterial pressure is 97.3 mmHg (SBP/3 + 2·DBP/3).',
    facts: ['97.3'],
  },
})

mcpTask('huggingface+paper-search/whisper-paper', {
  servers: ['huggingface', 'paper-search'],
  category: 'multi-server/single',
  prompt:
    'Use the Hugging Face tools to look up the paper with arXiv id 2212.04356. Report its title, publication date and the models on the Hub that implement it, with their download counts.',
  fuzzy:
    'What is the paper with arXiv id 2212.04356 called, when did it come out, and which models on the Hugging Face Hub implement it? How often have they been downloaded?',
  reference: {
    calls: [{ id: 'paper', tool: 'huggingface.get-paper-info', args: { arxiv_id: '2212.04356' } }],
    answer:
      '2212.04356 is "Robust Speech Recognition via Large-Scale Weak Supervision" (Whisper), published 2022-12-06. It is implemented by openai/whisper-small (1,200,000 downloads) and openai/whisper-large-v3 (4,500,000 downloads).',
    facts: [
      'Robust Speech Recognition via Large-Scale Weak Supervision',
      'whisper-large-v3',
      { value: '4,500,000', anyOf: ['4.5 million', '4.5M'] },
    ],
  },
})

mcpTask('nasa-data+wikipedia/apophis-flyby', {
  servers: ['nasa-data', 'wikipedia'],
  category: 'multi-server/single',
  prompt:
    'Use the NASA asteroid lookup to get the record of asteroid Apophis. Report its estimated diameter range, whether it is potentially hazardous, and the date and distance (km and lunar distances) of its 2029 close approach to Earth.',
  fuzzy:
    'I keep hearing the asteroid Apophis will pass really close to Earth in 2029. When exactly, how close (in km and in lunar distances), and how big is it? Is it classed as potentially hazardous?',
  reference: {
    calls: [{ id: 'lookup', tool: 'nasa-data.get_asteroid_lookup', args: { asteroid_id: 'Apophis' } }],
    answer:
      '99942 Apophis is 0.3–0.68 km across and potentially hazardous. On 2029-Apr-13 21:46 it passes Earth at 38,055.6 km, 0.099 lunar distances, at 26,640 km/h.',
    facts: [
      {
        value: '2029-Apr-13',
        anyOf: ['2029-04-13', '13 April 2029', 'April 13, 2029', 'April 13', '13 April', 'Apr 13', '13 Apr', 'Apr. 13'],
      },
      { value: '38,055.6', unit: 'km' },
      '0.099',
      { value: '0.68', unit: 'km' },
    ],
  },
})

mcpTask('scientific-computing+math/field-divergence', {
  servers: ['scientific-computing', 'math'],
  category: 'multi-server/single',
  prompt:
    'Use the scientific computing tools to compute the divergence of the vector field F = [x**2*y, y*z, x*z**2], both symbolically and at the point (1, 2, 3). Report the expression and the value.',
  fuzzy:
    'Take the vector field F with components x squared times y, y times z, and x times z squared. What is ∇·F as a formula, and what does it come to at the point (1, 2, 3)?',
  reference: {
    calls: [{ id: 'div', tool: 'scientific-computing.divergence', args: { f_str: '[x**2*y, y*z, x*z**2]', point: [1, 2, 3] } }],
    answer: 'The divergence is 2*x*y + 2*x*z + z (2xy + 2xz + z); at (1, 2, 3) it equals 13.',
    // The formula in SymPy syntax (as the tool writes it) or in ordinary notation.
    facts: [
      '13',
      {
        value: '2*x*y + 2*x*z + z',
        anyOf: [
          '2xy + 2xz + z',
          '2xy+2xz+z',
          '2*x*y+2*x*z+z',
          'z + 2xy + 2xz',
          '2xy + z + 2xz',
          '2x(y + z) + z',
          '2x(y+z) + z',
          'z + 2x(y + z)',
          '2xz + 2xy + z',
          '2*C.x*C.y + 2*C.x*C.z + C.z',
        ],
      },
    ],
  },
})

mcpTask('paper-search+wikipedia+math/gravitational-wave-preprints', {
  servers: ['paper-search', 'wikipedia', 'math'],
  category: 'multi-server/single',
  prompt:
    'Search arXiv with the paper search tools for "gravitational waves" and report each paper found with its id, title, publication date and citation count.',
  fuzzy: 'Are there any arXiv preprints on gravitational waves? Give me the id, title, date and citation count of what you find.',
  reference: {
    calls: [{ id: 'search', tool: 'paper-search.search_arxiv', args: { query: 'gravitational waves' } }],
    answer:
      'One arXiv paper matches: 2501.00473, "Votorro: Towards Robust Gravitational Wave Detection with N-body Simulations", published 2025-01-14, with 6 citations.',
    facts: ['2501.00473', 'Votorro'],
  },
})

// ---------------------------------------------------------------------------
// multi-server/parallel: independent calls on different servers, one layer
// ---------------------------------------------------------------------------

mcpTask('nasa-data+wikipedia/curiosity-and-mars', {
  servers: ['nasa-data', 'wikipedia'],
  category: 'multi-server/parallel',
  prompt:
    'Get the mission manifest of the Curiosity rover with the NASA tools and the summary of the Wikipedia article "Mars". Report Curiosity\'s landing date, latest sol and total photos, and Mars\'s position from the Sun and its moons.',
  fuzzy:
    "I'm writing a kids' piece on the Curiosity rover. When did it land, how many sols has it been going and how many photos has it taken? And a couple of basics about Mars itself, like where it sits in the solar system and its moons.",
  reference: {
    calls: [
      { id: 'manifest', tool: 'nasa-data.get_mars_rover_manifest', args: { rover_name: 'curiosity' } },
      { id: 'mars', tool: 'wikipedia.get_summary', args: { title: 'Mars' } },
    ],
    answer:
      'Curiosity landed on 2012-08-06 and is active; its latest sol is 4184 (2024-05-14) with 695,670 photos in total. Mars is the fourth planet from the Sun, a rocky planet whose moons are Phobos and Deimos.',
    facts: [
      {
        value: '2012-08-06',
        anyOf: [
          '6 August 2012',
          'August 6, 2012',
          'Aug 6, 2012',
          '6 Aug 2012',
          'August 6 2012',
          'August 2012',
          '6th August 2012',
          'August 6th, 2012',
        ],
      },
      '4184',
      '695,670',
      'Phobos',
    ],
  },
})

mcpTask('huggingface+paper-search/distillation-landscape', {
  servers: ['huggingface', 'paper-search'],
  category: 'multi-server/parallel',
  prompt:
    'Get the Hugging Face paper page for arXiv 1910.01108 and, in parallel, search arXiv with the paper search tools for "knowledge distillation" (max_results 3). Report the Hugging Face paper\'s title, authors and the size/speed gains it claims, and the three arXiv results with their citation counts.',
  fuzzy:
    'What is the paper 1910.01108 on Hugging Face, who wrote it and how much smaller and faster is the model it proposes? Also show me the top 3 arXiv papers on knowledge distillation and how often each is cited.',
  reference: {
    calls: [
      { id: 'hf', tool: 'huggingface.get-paper-info', args: { arxiv_id: '1910.01108' } },
      { id: 'arxiv', tool: 'paper-search.search_arxiv', args: { query: 'knowledge distillation', max_results: 3 } },
    ],
    answer:
      '1910.01108 is "DistilBERT, a distilled version of BERT: smaller, faster, cheaper and lighter" by Victor Sanh, Lysandre Debut, Julien Chaumond and Thomas Wolf (2019-10-02): a model 40% smaller and 60% faster than BERT base that keeps about 97% of its performance. Top arXiv results: "Knowledge Distillation for Mathematical Reasoning" (2305.12202, 3 citations), "Revisiting Knowledge Distillation for Semantic Parsing" (2102.14923, 293) and "Celmar: Instruction Tuning for Machine Translation" (1902.16914, 583).',
    facts: ['DistilBERT', '40%', '2102.14923', '293'],
  },
})

mcpTask('nasa-data+wikipedia+paper-search/may-2024-storm', {
  servers: ['nasa-data', 'wikipedia', 'paper-search'],
  category: 'multi-server/parallel',
  prompt:
    'Brief me on the May 2024 solar storm: list the geomagnetic storms from 2024-05-10 to 2024-05-12 with the NASA tools (start time and maximum Kp), get the "Notable events" section of the Wikipedia article "Solar flare" (max_length 300), and search arXiv for "solar flare forecasting" with max_results 1.',
  fuzzy:
    'What happened with the big solar storm in May 2024? I\'d like the geomagnetic storms between 10 and 12 May with their start times and peak Kp, how the encyclopedia puts it in historical context, and the top arXiv hit for "solar flare forecasting".',
  reference: {
    calls: [
      { id: 'storms', tool: 'nasa-data.get_geomagnetic_storm', args: { start_date: '2024-05-10', end_date: '2024-05-12' } },
      {
        id: 'wiki',
        tool: 'wikipedia.summarize_article_section',
        args: { title: 'Solar flare', section_title: 'Notable events', max_length: 300 },
      },
      { id: 'paper', tool: 'paper-search.search_arxiv', args: { query: 'solar flare forecasting', max_results: 1 } },
    ],
    answer:
      'Two geomagnetic storms: one starting 2024-05-10T16:36Z that reached Kp 9, and one starting 2024-05-12T09:00Z peaking at Kp 7. Wikipedia notes that in May 2024 a cluster of X-class flares from one active region was followed by the strongest geomagnetic storm in over two decades; the most intense on record remains the Carrington Event of 1859. Top paper: "Scaling Matched Filtering to Solar Flare Forecasting" (2107.11320).',
    facts: [{ value: '16:36', anyOf: ['4:36 pm', '4:36pm', '4:36 p.m.'] }, 'Carrington', '2107.11320'],
  },
})

mcpTask('medical-calculator+unit-converter/clinic-intake', {
  servers: ['medical-calculator', 'unit-converter'],
  category: 'multi-server/parallel',
  prompt:
    'For a patient weighing 70 kg at 175 cm with a temperature of 101.3 °F: compute BMI and BSA with the medical calculator, and convert the temperature to Celsius with the unit converter. Report BMI, its class, BSA and the temperature in °C.',
  fuzzy:
    'New patient at intake: 70 kg, 175 cm tall, thermometer says 101.3 degrees Fahrenheit. What are their BMI and body surface area, and what is that temperature in Celsius?',
  reference: {
    calls: [
      { id: 'bmi', tool: 'medical-calculator.bmi_bsa_calculator', args: { weight: 70, height: 175 } },
      { id: 'temp', tool: 'unit-converter.convert_temperature', args: { value: 101.3, from_unit: 'fahrenheit', to_unit: 'celsius' } },
    ],
    answer: 'BMI is 22.86 (normal weight) and BSA 1.84 m²; 101.3 °F is 38.5 °C, a fever.',
    facts: ['22.86', '1.84', '38.5'],
  },
})

mcpTask('huggingface+wikipedia+paper-search/transformer-briefing', {
  servers: ['huggingface', 'wikipedia', 'paper-search'],
  category: 'multi-server/parallel',
  prompt:
    'Get the summary of the Wikipedia article "Transformer (deep learning architecture)", the Hugging Face paper page for arXiv 1706.03762, and the top 3 arXiv results for "transformer language models" from the paper search tools. Report when and where the architecture was introduced, the paper\'s title and first author, and the three arXiv papers.',
  fuzzy:
    'Give me a quick primer on the transformer architecture: who introduced it and when, the original paper (arXiv 1706.03762) with its first author, and the top three arXiv search hits for transformer language models.',
  reference: {
    calls: [
      { id: 'wiki', tool: 'wikipedia.get_summary', args: { title: 'Transformer (deep learning architecture)' } },
      { id: 'hf', tool: 'huggingface.get-paper-info', args: { arxiv_id: '1706.03762' } },
      { id: 'arxiv', tool: 'paper-search.search_arxiv', args: { query: 'transformer language models', max_results: 3 } },
    ],
    answer:
      'The transformer was introduced by Google researchers in the 2017 paper "Attention Is All You Need" (arXiv 1706.03762, first author Ashish Vaswani, 2017-06-12); it relies on multi-head attention and processes tokens in parallel. Related arXiv papers: "Marsen: Transformer Language Models for Low-resource Languages" (1705.04683), "When Does Transformer Language Models Help Low-resource Languages?" (2506.04361) and "Revisiting Knowledge Distillation for Semantic Parsing" (2102.14923).',
    facts: ['Attention Is All You Need', 'Vaswani', '2017', '1705.04683'],
  },
})

mcpTask('math+unit-converter/10k-splits', {
  servers: ['math', 'unit-converter'],
  category: 'multi-server/parallel',
  prompt:
    'Use the math tools to compute the mean of the 2 km split times 5.25, 5.1, 4.95, 5.02 and 4.88 minutes per km, and use the unit converter to convert 10 kilometres to miles. Report the average split and the distance in miles.',
  fuzzy:
    'I just ran a 10K. My pace for each 2 km stretch was 5.25, 5.1, 4.95, 5.02 and 4.88 minutes per km. What was my average pace, and how far is 10 km in miles for my American friends?',
  reference: {
    calls: [
      { id: 'mean', tool: 'math.mean', args: { numbers: [5.25, 5.1, 4.95, 5.02, 4.88] } },
      { id: 'miles', tool: 'unit-converter.convert_length', args: { value: 10, from_unit: 'kilometer', to_unit: 'mile' } },
    ],
    answer: 'Your average pace was 5.04 minutes per km, and 10 km is about 6.21 miles.',
    // The pace in decimal minutes or as minutes:seconds (5.04 min = 5:02).
    facts: [{ value: '5.04', anyOf: ['5:02'] }, '6.21'],
  },
})

// ---------------------------------------------------------------------------
// multi-server/sequential: a later call needs what an earlier one returned
// ---------------------------------------------------------------------------

mcpTask(
  'medical-calculator+unit-converter/bmi-from-imperial',
  {
    servers: ['medical-calculator', 'unit-converter'],
    category: 'multi-server/sequential',
    prompt:
      'A patient weighs 150 pounds and is 64 inches tall. Convert the weight to kilograms and the height to metres with the unit converter, then compute BMI and BSA with the medical calculator (height in metres). Report the converted values, BMI, its class and BSA.',
    fuzzy: "I'm 150 pounds and 5 foot 4, that is 64 inches. What is that in kilos and metres, and what is my BMI and body surface area?",
    reference: {
      calls: [
        { id: 'kg', tool: 'unit-converter.convert_mass', args: { value: 150, from_unit: 'pound', to_unit: 'kilogram' } },
        { id: 'm', tool: 'unit-converter.convert_length', args: { value: 64, from_unit: 'inch', to_unit: 'meter' } },
        {
          id: 'bmi',
          tool: 'medical-calculator.bmi_bsa_calculator',
          args: { weight: 68.04, height: 1.6256, height_unit: 'm' },
          after: ['kg', 'm'],
        },
      ],
      answer: '150 lb is 68.04 kg and 64 in is 1.6256 m. BMI is 25.75 (overweight) and BSA is 1.75 m².',
      facts: ['68.04', '1.6256', '25.75'],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)

mcpTask(
  'medical-calculator+unit-converter+math/bmi-change',
  {
    servers: ['medical-calculator', 'unit-converter', 'math'],
    category: 'multi-server/sequential',
    prompt:
      'A patient 69 inches tall went from 198 pounds to 176 pounds. Convert both weights to kilograms and the height to metres with the unit converter, compute the BMI at each weight with the medical calculator (height in metres), then use the math subtract tool to find how much the BMI dropped. Report both BMIs and the drop.',
    fuzzy:
      "Over the past year I went from 198 pounds down to 176, and I'm 69 inches tall. What was my BMI before and after, and by how many points did it come down?",
    reference: {
      calls: [
        { id: 'before_kg', tool: 'unit-converter.convert_mass', args: { value: 198, from_unit: 'pound', to_unit: 'kilogram' } },
        { id: 'after_kg', tool: 'unit-converter.convert_mass', args: { value: 176, from_unit: 'pound', to_unit: 'kilogram' } },
        { id: 'height_m', tool: 'unit-converter.convert_length', args: { value: 69, from_unit: 'inch', to_unit: 'meter' } },
        {
          id: 'bmi_before',
          tool: 'medical-calculator.bmi_bsa_calculator',
          args: { weight: 89.81, height: 1.7526, height_unit: 'm' },
          after: ['before_kg', 'height_m'],
        },
        {
          id: 'bmi_after',
          tool: 'medical-calculator.bmi_bsa_calculator',
          args: { weight: 79.83, height: 1.7526, height_unit: 'm' },
          after: ['after_kg', 'height_m'],
        },
        { id: 'drop', tool: 'math.subtract', args: { minuend: 29.24, subtrahend: 25.99 }, after: ['bmi_before', 'bmi_after'] },
      ],
      answer:
        '198 lb is 89.81 kg and 176 lb is 79.83 kg; 69 in is 1.7526 m. BMI went from 29.24 to 25.99 (both overweight), a drop of 3.25 points.',
      facts: ['29.24', '25.99', '3.25'],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)

mcpTask(
  'nasa-data+wikipedia+math/flare-ratio',
  {
    servers: ['nasa-data', 'wikipedia', 'math'],
    category: 'multi-server/sequential',
    prompt:
      'List the solar flares from 2024-05-10 to 2024-05-14 with the NASA tools and find the strongest and the weakest X-class flare. Read the "Classification" section of the Wikipedia article "Solar flare" (max_length 300) to see how the number after the class letter scales. Then divide the two X numbers with the math division tool to say how many times stronger the strongest flare was.',
    fuzzy:
      'Between 10 and 14 May 2024 the Sun threw off a bunch of X-class flares. Which was the strongest and which the weakest of those, and how many times more powerful was the biggest one? Check how the flare classes scale before you work it out.',
    reference: {
      calls: [
        { id: 'flares', tool: 'nasa-data.get_solar_flare', args: { start_date: '2024-05-10', end_date: '2024-05-14' } },
        {
          id: 'scale',
          tool: 'wikipedia.summarize_article_section',
          args: { title: 'Solar flare', section_title: 'Classification', max_length: 300 },
        },
        { id: 'ratio', tool: 'math.division', args: { numerator: 8.7, denominator: 1.2 }, after: ['flares', 'scale'] },
      ],
      answer:
        'The strongest was an X8.7 flare on 2024-05-14 (peak 16:51Z) and the weakest X-class one was X1.2 earlier that day (peak 12:55Z), both from active region 13664. Since the number scales linearly within a class (an X2 is twice an X1), the X8.7 flare was 7.25 times stronger.',
      facts: ['X8.7', 'X1.2', '7.25'],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)

mcpTask(
  'huggingface+paper-search+math/lora-follow-ups',
  {
    servers: ['huggingface', 'paper-search', 'math'],
    category: 'multi-server/sequential',
    prompt:
      "Look up arXiv 2106.09685 with the Hugging Face tools to find the name of the method it introduces. Then search arXiv with the paper search tools for that method's full name (max_results 3) and use the math mean tool on the three citation counts. Report the method, the three papers and their mean citations.",
    fuzzy:
      "Paper 2106.09685 introduced a popular fine-tuning method. Which one? Search arXiv for the method's full name, take the top three hits, and tell me how many citations they have on average.",
    reference: {
      calls: [
        { id: 'hf', tool: 'huggingface.get-paper-info', args: { arxiv_id: '2106.09685' } },
        { id: 'search', tool: 'paper-search.search_arxiv', args: { query: 'low-rank adaptation', max_results: 3 }, after: ['hf'] },
        { id: 'mean', tool: 'math.mean', args: { numbers: [737, 506, 35] }, after: ['search'] },
      ],
      answer:
        '2106.09685 introduces LoRA (Low-Rank Adaptation). The top arXiv papers on low-rank adaptation are "Scaling Low-rank Adaptation to Semantic Parsing" (737 citations), "Scaling Low-rank Adaptation to Code Generation" (506) and "Scaling Low-rank Adaptation to Tool Use by Language Agents" (35), a mean of 426 citations.',
      facts: ['LoRA', '737', '426'],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)

mcpTask(
  'huggingface+math/bert-downloads',
  {
    servers: ['huggingface', 'math'],
    category: 'multi-server/sequential',
    prompt:
      'Use the Hugging Face tools to get the paper page for arXiv 1810.04805 and its implementing models, then add up their download counts with the math sum tool. Report the paper title, each model with its downloads, and the total.',
    fuzzy:
      'How many downloads, in total, do the Hugging Face models that implement the BERT paper (arXiv 1810.04805) have? List each model too.',
    reference: {
      calls: [
        { id: 'paper', tool: 'huggingface.get-paper-info', args: { arxiv_id: '1810.04805' } },
        { id: 'total', tool: 'math.sum', args: { numbers: [58300000, 1320000, 4100] }, after: ['paper'] },
      ],
      answer:
        '"BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding" is implemented by google-bert/bert-base-uncased (58,300,000 downloads), google-bert/bert-large-uncased (1,320,000) and textlab/bert-base-uncased-spam-email (4,100): 59,624,100 downloads in total.',
      facts: ['bert-base-uncased', '59,624,100'],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)

mcpTask(
  'scientific-computing+math/condition-number',
  {
    servers: ['scientific-computing', 'math'],
    category: 'multi-server/sequential',
    prompt:
      'Create the 2×2 tensor A = [[6, 2], [2, 3]] with the scientific computing tools, compute its eigenvalues, then divide the largest eigenvalue by the smallest with the math division tool to get its condition number. Report the eigenvalues and the condition number.',
    fuzzy:
      'For the symmetric matrix with rows (6, 2) and (2, 3), what are the eigenvalues, and what is its condition number, meaning the largest eigenvalue divided by the smallest?',
    reference: {
      calls: [
        { id: 'create', tool: 'scientific-computing.create_tensor', args: { shape: [2, 2], values: [6, 2, 2, 3], name: 'A' } },
        { id: 'eigen', tool: 'scientific-computing.compute_eigen', args: { name: 'A' }, after: ['create'] },
        { id: 'ratio', tool: 'math.division', args: { numerator: 7, denominator: 2 }, after: ['eigen'] },
      ],
      answer: 'The eigenvalues are 7 and 2, so the condition number is 7 / 2 = 3.5.',
      // The smaller eigenvalue, 2, is a number the prompt already has.
      facts: ['7', '3.5'],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)

mcpTask(
  'scientific-computing+unit-converter/parallelogram-plot',
  {
    servers: ['scientific-computing', 'unit-converter'],
    category: 'multi-server/sequential',
    prompt:
      'A parallelogram-shaped plot has edge vectors (120, 0) ft and (30, 80) ft. Store them as the columns of a 2×2 tensor named P with the scientific computing tools (row-major values 120, 30, 0, 80), take its determinant to get the area in square feet, then convert that area to square metres with the unit converter. Report both areas.',
    fuzzy:
      'My plot of land is a parallelogram: one side runs 120 ft due east, the other goes 30 ft east and 80 ft north. What is its area in square feet, and in square metres?',
    reference: {
      calls: [
        { id: 'create', tool: 'scientific-computing.create_tensor', args: { shape: [2, 2], values: [120, 30, 0, 80], name: 'P' } },
        { id: 'det', tool: 'scientific-computing.determinant', args: { name: 'P' }, after: ['create'] },
        {
          id: 'area',
          tool: 'unit-converter.convert_area',
          args: { value: 9600, from_unit: 'square foot', to_unit: 'square meter' },
          after: ['det'],
        },
      ],
      answer: 'The determinant gives an area of 9,600 sq ft, which is about 891.87 m².',
      facts: ['9,600', '891.87'],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)

mcpTask(
  'nasa-data+unit-converter/trappist-distance',
  {
    servers: ['nasa-data', 'unit-converter'],
    category: 'multi-server/sequential',
    prompt:
      'Query the NASA exoplanet table for the planet TRAPPIST-1 e (query "pl_name = \'TRAPPIST-1 e\'") and read its system distance sy_dist, which is in parsecs. Convert that distance to light years with the unit converter. Report the discovery year, the distance in parsecs and in light years.',
    fuzzy: 'How far away is the exoplanet TRAPPIST-1 e, in parsecs and in light years? And when was it discovered?',
    reference: {
      calls: [
        { id: 'planet', tool: 'nasa-data.get_exoplanet_data', args: { query: "pl_name = 'TRAPPIST-1 e'" } },
        {
          id: 'ly',
          tool: 'unit-converter.convert_length',
          args: { value: 12.43, from_unit: 'parsec', to_unit: 'light year' },
          after: ['planet'],
        },
      ],
      answer: 'TRAPPIST-1 e, discovered by transit in 2017, is 12.43 parsecs away, about 40.54 light years.',
      facts: ['2017', '12.43', { value: '40.54', unit: 'ly' }],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)
