import { mcpTask } from 'vitest-mcp-bench'

// Single-server research and lookup tasks: paper-search, wikipedia,
// bibliomantic (deterministic hexagram lookups only: readings depend on the
// shared seeded RNG), nasa-data (snapshot, "today" = 2024-05-14) and huggingface.

// ── paper-search ────────────────────────────────────────────────────────────

mcpTask('paper-search/lattice-signature-scan', {
  servers: ['paper-search'],
  category: 'single-server/single',
  prompt:
    'Search the IACR ePrint archive for "lattice-based signatures" (3 results) and report each paper\'s id, title and year, and which one is the most cited.',
  fuzzy:
    "I'm starting a literature review on lattice-based signatures. What are the top 3 hits on the IACR ePrint archive (id, title, year), and which of them has the most citations?",
  reference: {
    calls: [{ id: 'search', tool: 'paper-search.search_iacr', args: { query: 'lattice-based signatures', max_results: 3 } }],
    answer:
      'Top 3 IACR ePrint hits: 2018/404 "Quavo: Efficient Lattice-based Signatures for Encrypted Database Search" (2018, 260 citations); 2018/506 "Lattice-based Signatures for Smart Contracts, Revisited" (2018, 735 citations); 2024/527 "On the Security of Lattice-based Signatures in Anonymous Credentials" (2024, 2 citations). The most cited is 2018/506, with 735 citations.',
    facts: ['2018/506', 'Lattice-based Signatures for Smart Contracts', '735'],
  },
})

mcpTask('paper-search/glp1-kidney-evidence', {
  servers: ['paper-search'],
  category: 'single-server/parallel',
  prompt:
    'Search PubMed and medRxiv for "GLP-1 receptor agonists chronic kidney disease" (3 results each). Report the most relevant paper from each source: id, title, date and citation count.',
  fuzzy:
    'What evidence is there on GLP-1 receptor agonists in chronic kidney disease? Check both PubMed and medRxiv (3 results each) and tell me the most relevant paper from each, with its id, date and citations.',
  reference: {
    calls: [
      {
        id: 'pubmed',
        tool: 'paper-search.search_pubmed',
        args: { query: 'GLP-1 receptor agonists chronic kidney disease', max_results: 3 },
      },
      {
        id: 'medrxiv',
        tool: 'paper-search.search_medrxiv',
        args: { query: 'GLP-1 receptor agonists chronic kidney disease', max_results: 3 },
      },
    ],
    answer:
      'PubMed: PMID 33357844, "GLP-1 receptor agonists for chronic kidney disease: evidence from a national health registry" (2021-10-11, 21 citations). medRxiv: 10.1101/2024.02.05.21609819, "Long-term outcomes of GLP-1 receptor agonists in chronic kidney disease: a systematic review and meta-analysis" (2024-02-05, 13 citations). The other hits are about other drugs or conditions (immune checkpoint inhibitors in kidney disease, GLP-1 in type 2 diabetes, wearables in Alzheimer\'s disease).',
    facts: ['33357844', 'national health registry', '10.1101/2024.02.05.21609819'],
  },
})

mcpTask(
  'paper-search/orchestration-paper-deep-dive',
  {
    servers: ['paper-search'],
    category: 'single-server/sequential',
    prompt:
      'Search arXiv for "multi-server tool orchestration LLM agents" (3 results), then read the full text of the most recent paper among them and report its title, the benchmark it headlines, its improvement in tool-call accuracy and its compute saving.',
    fuzzy:
      'Find the newest arXiv paper on multi-server tool orchestration with LLM agents (look at the top 3 matches) and read it for me: what is it called, where was it evaluated, and how much did it improve tool-call accuracy and compute cost?',
    reference: {
      calls: [
        { id: 'search', tool: 'paper-search.search_arxiv', args: { query: 'multi-server tool orchestration LLM agents', max_results: 3 } },
        { id: 'read', tool: 'paper-search.read_arxiv_paper', args: { paper_id: '2504.03675' }, after: ['search'] },
      ],
      answer:
        'The most recent is arXiv 2504.03675, "Lukami: Towards Robust Multi-server Tool Orchestration with LLM-based Agents" (2025-04-05, ICLR). It decomposes tasks into verifiable sub-goals; on WebArena it improves tool-call accuracy by 11.1 points over the strongest baseline (5.0 points on Meta-World) while using 24% less compute.',
      facts: ['Lukami', 'WebArena', '11.1', '24%'],
    },
  },
  ({ run, expect }) => {
    expect(run).toCallTool('paper-search.read_arxiv_paper', { paper_id: '2504.03675' })
    expect(run).toFollowDependencies()
  },
)

// ── wikipedia ───────────────────────────────────────────────────────────────

mcpTask('wikipedia/speed-of-light-facts', {
  servers: ['wikipedia'],
  category: 'single-server/single',
  // The real extract_key_facts reads the lead only, which holds two facts (the value of c and the limit it sets);
  // the year of the first estimate is in a later section, so the task asks for what one call can give.
  prompt:
    'Extract the first 3 key facts from the Wikipedia article "Speed of light" and report the exact value of c and what it is the upper limit of.',
  fuzzy:
    'What exactly is the speed of light in metres per second, and why do physicists call it a speed limit? Three key facts from Wikipedia are enough.',
  reference: {
    calls: [{ id: 'facts', tool: 'wikipedia.extract_key_facts', args: { title: 'Speed of light', count: 3 } }],
    answer:
      'The speed of light in vacuum, c, is exactly 299,792,458 metres per second (about 300,000 km/s). By special relativity it is the upper limit for the speed at which matter, energy or information can travel.',
    facts: [
      '299,792,458',
      {
        value: 'upper limit',
        anyOf: [
          'maximum speed',
          'cannot travel faster',
          "can't travel faster",
          'nothing can travel faster',
          'no matter or information can travel faster',
          'cannot exceed',
          'can never exceed',
          'faster than light',
        ],
      },
    ],
  },
})

mcpTask('wikipedia/climate-treaty-timeline', {
  servers: ['wikipedia'],
  category: 'single-server/parallel',
  prompt:
    'Get the Wikipedia summaries of the "Kyoto Protocol" and the "Paris Agreement", and report when each was adopted and when each entered into force.',
  fuzzy:
    'For a climate-policy timeline: when were the Kyoto Protocol and the Paris Agreement adopted, and when did each of them enter into force?',
  reference: {
    calls: [
      { id: 'kyoto', tool: 'wikipedia.get_summary', args: { title: 'Kyoto Protocol' } },
      { id: 'paris', tool: 'wikipedia.get_summary', args: { title: 'Paris Agreement' } },
    ],
    answer:
      'The Kyoto Protocol was adopted in Kyoto on 11 December 1997 and entered into force on 16 February 2005. The Paris Agreement was adopted at COP21 in Paris on 12 December 2015 and entered into force on 4 November 2016.',
    facts: ['1997', '2005', '2015', '2016'],
  },
})

mcpTask(
  'wikipedia/webb-mirror-design',
  {
    servers: ['wikipedia'],
    category: 'single-server/sequential',
    prompt:
      'Search Wikipedia for "infrared space telescope launched 2021" to find the article on the telescope, then summarise that article\'s "Design" section (up to 300 characters). Report the telescope\'s name, the mirror diameter and the number of mirror segments.',
    fuzzy:
      "What's the big infrared space telescope that launched in 2021 called, and how is its main mirror built: how wide is it and how many segments does it have? Wikipedia's design section should have it.",
    reference: {
      calls: [
        { id: 'search', tool: 'wikipedia.search_wikipedia', args: { query: 'infrared space telescope launched 2021', limit: 3 } },
        {
          id: 'design',
          tool: 'wikipedia.summarize_article_section',
          args: { title: 'James Webb Space Telescope', section_title: 'Design', max_length: 300 },
          after: ['search'],
        },
      ],
      answer:
        'It is the James Webb Space Telescope (launched 25 December 2021). Its primary mirror is 6.5 metres across and made of 18 hexagonal gold-coated beryllium segments; a five-layer sunshield keeps the instruments below 50 kelvin.',
      facts: [{ value: 'James Webb Space Telescope', anyOf: ['JWST', 'James Webb'] }, { value: '6.5', unit: 'm' }, '18'],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)

// ── bibliomantic ────────────────────────────────────────────────────────────

mcpTask('bibliomantic/hexagram-of-peace', {
  servers: ['bibliomantic'],
  category: 'single-server/single',
  prompt:
    'Look up the details of I Ching hexagram 11 with the bibliomantic tools and report its name, its theme, its upper and lower trigrams and its lines from bottom to top.',
  fuzzy:
    'What does hexagram 11 of the I Ching stand for? Tell me its name, its theme, which trigrams sit above and below, and how its six lines run from the bottom up.',
  reference: {
    calls: [{ id: 'details', tool: 'bibliomantic.get_hexagram_details', args: { hexagram_number: 11 } }],
    answer:
      'Hexagram 11 is Peace (Tài, ䷊), with the theme "harmony and flow": heaven and earth meet, the small departs and the great arrives. Its upper trigram is Earth (Kūn) and its lower trigram is Heaven (Qián); its lines from the bottom up are yang, yang, yang, yin, yin, yin.',
    facts: [
      'Peace',
      'harmony and flow',
      'Earth',
      'Heaven',
      {
        value: 'yang, yang, yang, yin, yin, yin',
        anyOf: [
          'yang yang yang yin yin yin',
          'yang-yang-yang-yin-yin-yin',
          'three yang lines',
          '3 yang lines',
          'three solid lines',
          'three unbroken lines',
        ],
      },
    ],
  },
})

mcpTask('bibliomantic/creative-and-receptive', {
  servers: ['bibliomantic'],
  category: 'single-server/parallel',
  prompt: 'Look up I Ching hexagrams 1 and 2 with the bibliomantic tools and compare them: names, themes, trigrams and line patterns.',
  fuzzy: 'How do the first two hexagrams of the I Ching, numbers 1 and 2, differ? Compare their names, themes, trigrams and lines.',
  reference: {
    calls: [
      { id: 'one', tool: 'bibliomantic.get_hexagram_details', args: { hexagram_number: 1 } },
      { id: 'two', tool: 'bibliomantic.get_hexagram_details', args: { hexagram_number: 2 } },
    ],
    answer:
      'Hexagram 1, The Creative (Qián), has the theme "steady creative strength": Heaven over Heaven, six yang lines. Hexagram 2, The Receptive (Kūn), has the theme "yielding support": Earth over Earth, six yin lines. They are exact opposites: strength and initiative versus openness and following well.',
    facts: ['The Creative', 'The Receptive', 'yang', 'yin'],
  },
})

// ── nasa-data ───────────────────────────────────────────────────────────────

mcpTask('nasa-data/apophis-2029-flyby', {
  servers: ['nasa-data'],
  category: 'single-server/single',
  prompt:
    'Look up the asteroid Apophis with the NASA tools and report its estimated diameter, whether it is potentially hazardous, and the date and distance of its 2029 close approach.',
  fuzzy:
    'How close will the asteroid Apophis come to Earth in 2029, and on what date? How big is it, and is it classed as potentially hazardous?',
  reference: {
    calls: [{ id: 'lookup', tool: 'nasa-data.get_asteroid_lookup', args: { asteroid_id: 'Apophis' } }],
    answer:
      '99942 Apophis (SPK-ID 2099942) is 0.3–0.68 km across and is classed as potentially hazardous. On 2029-Apr-13 at 21:46 it passes Earth at 38,055.6 km (0.099 lunar distances) at 26,640 km/h.',
    // The year and the hazard class are in the question; the date, distance and size come from the lookup.
    facts: [
      {
        value: '2029-Apr-13',
        anyOf: ['2029-04-13', '13 April 2029', 'April 13, 2029', 'April 13', '13 April', 'Apr 13', '13 Apr', 'Apr. 13'],
      },
      { value: '38,055.6', unit: 'km' },
      { value: '0.68', unit: 'km' },
    ],
  },
})

mcpTask('nasa-data/may-2024-solar-storm', {
  servers: ['nasa-data'],
  category: 'single-server/parallel',
  prompt:
    "Use the NASA DONKI tools to list the solar flares and the geomagnetic storms between 2024-05-10 and 2024-05-11. Report each flare's class and peak time, the active region, and the storm's start time and maximum Kp index.",
  fuzzy:
    "What happened on the Sun and in Earth's magnetic field between 2024-05-10 and 2024-05-11? I'd like the flares (class and peak time, and where on the Sun they came from) and any geomagnetic storm with its start time and peak Kp.",
  reference: {
    calls: [
      { id: 'flares', tool: 'nasa-data.get_solar_flare', args: { start_date: '2024-05-10', end_date: '2024-05-11' } },
      { id: 'storms', tool: 'nasa-data.get_geomagnetic_storm', args: { start_date: '2024-05-10', end_date: '2024-05-11' } },
    ],
    answer:
      'Three X-class flares, all from active region 13664: X3.9 peaking 2024-05-10T06:54Z, X5.8 peaking 2024-05-11T01:23Z (linked to a CME) and X1.5 peaking 2024-05-11T11:44Z. One geomagnetic storm began at 2024-05-10T16:36Z and reached the maximum Kp index of 9.',
    facts: ['X3.9', 'X5.8', { value: '13664', anyOf: ['3664'] }, { value: '16:36', anyOf: ['4:36 pm', '4:36pm', '4:36 p.m.'] }],
  },
})

mcpTask(
  'nasa-data/curiosity-latest-navcam',
  {
    servers: ['nasa-data'],
    category: 'single-server/sequential',
    prompt:
      "Get the Curiosity rover's mission manifest to find its latest sol, then fetch that sol's NAVCAM photos. Report the sol, its Earth date, and the photo ids.",
    fuzzy:
      'What are the most recent navigation-camera pictures from the Curiosity rover? Tell me which sol (and Earth date) they are from and their photo ids.',
    reference: {
      calls: [
        { id: 'manifest', tool: 'nasa-data.get_mars_rover_manifest', args: { rover_name: 'curiosity' } },
        {
          id: 'photos',
          tool: 'nasa-data.get_mars_rover_photos',
          args: { rover_name: 'curiosity', sol: 4184, camera: 'NAVCAM' },
          after: ['manifest'],
        },
      ],
      answer: "Curiosity's latest sol is 4184 (Earth date 2024-05-14). Its NAVCAM took 2 photos that sol: ids 103287 and 103460.",
      facts: [
        '4184',
        {
          value: '2024-05-14',
          anyOf: ['14 May 2024', 'May 14, 2024', 'May 14 2024', '14 May', 'May 14', '14th May 2024', 'May 14th, 2024'],
        },
        '103287',
        '103460',
      ],
    },
  },
  ({ run, expect }) => {
    expect(run).toCallTool('nasa-data.get_mars_rover_photos', { sol: 4184 })
    expect(run).toFollowDependencies()
  },
)

// ── huggingface ─────────────────────────────────────────────────────────────

mcpTask('huggingface/gsm8k-splits', {
  servers: ['huggingface'],
  category: 'single-server/single',
  prompt: 'Get the Hugging Face dataset info for openai/gsm8k and report the size of its train and test splits and its license.',
  fuzzy: 'How many problems are in the train and test splits of the openai/gsm8k dataset on Hugging Face, and what license is it under?',
  reference: {
    calls: [{ id: 'info', tool: 'huggingface.get-dataset-info', args: { dataset_id: 'openai/gsm8k' } }],
    answer:
      'openai/gsm8k (Grade School Math 8K) has 7,473 training examples and 1,319 test examples, and is released under the MIT license.',
    facts: ['7,473', '1,319'],
  },
})

mcpTask('huggingface/7b-instruct-comparison', {
  servers: ['huggingface'],
  category: 'single-server/parallel',
  prompt:
    'Get the Hugging Face model info for mistralai/Mistral-7B-Instruct-v0.2 and Qwen/Qwen2.5-7B-Instruct, and compare their parameter counts, licenses, context lengths and downloads.',
  fuzzy:
    "I'm choosing between mistralai/Mistral-7B-Instruct-v0.2 and Qwen/Qwen2.5-7B-Instruct. How do they compare on size, license, context window and popularity?",
  reference: {
    calls: [
      { id: 'mistral', tool: 'huggingface.get-model-info', args: { model_id: 'mistralai/Mistral-7B-Instruct-v0.2' } },
      { id: 'qwen', tool: 'huggingface.get-model-info', args: { model_id: 'Qwen/Qwen2.5-7B-Instruct' } },
    ],
    answer:
      'Mistral-7B-Instruct-v0.2 has 7.24B parameters, a 32K context window, apache-2.0 license and 1,900,000 downloads. Qwen2.5-7B-Instruct has 7.62B parameters, contexts up to 128K tokens, apache-2.0 license and 3,200,000 downloads. Both are permissively licensed; Qwen is slightly larger, has the longer context and more downloads.',
    facts: [
      '7.24',
      '7.62',
      { value: '32K', anyOf: ['32,768', '32768', '32 K', '32,000', '32 thousand'] },
      { value: '128K', anyOf: ['131,072', '131072', '128 K', '128,000', '128 thousand'] },
    ],
  },
})

mcpTask(
  'huggingface/spam-model-pick',
  {
    servers: ['huggingface'],
    category: 'single-server/sequential',
    prompt:
      'Search Hugging Face models for "spam", take the most downloaded result, then get its model info. Report the model id, its parameter count, what it was trained on and its reported F1.',
    fuzzy:
      'I need a ready-made spam classifier from Hugging Face. Which one is the most downloaded, how big is it, what data was it trained on, and how accurate is it?',
    reference: {
      calls: [
        { id: 'search', tool: 'huggingface.search-models', args: { query: 'spam' } },
        { id: 'info', tool: 'huggingface.get-model-info', args: { model_id: 'textlab/distilbert-sms-spam' }, after: ['search'] },
      ],
      answer:
        'The most downloaded is textlab/distilbert-sms-spam (12,800 downloads): a 67M-parameter DistilBERT fine-tuned on ucirvine/sms_spam (the SMS Spam Collection) to label SMS messages as spam or ham, with F1 0.97 on a held-out 20% split. It is apache-2.0 licensed and meant for messages under 160 characters.',
      facts: ['distilbert-sms-spam', { value: '67M', anyOf: ['67 million', '67 M'] }, { value: '0.97', anyOf: ['97%'] }],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)
