import { mcpTask } from 'vitest-mcp-bench'

/**
 * Hard tier, research over the Hugging Face, paper-search and Wikipedia
 * fixtures, with math for the arithmetic. Each task follows a trail: a
 * collection leads to models, a model's tags to its data set and paper, a
 * search's most-cited hit to its full text and from there to the benchmark
 * it used. Which branch to follow is decided by numbers found on the way.
 */

mcpTask('hard/huggingface+math/spam-filter-starter', {
  servers: ['huggingface', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 6,
  prompt:
    'Find the spam-filtering collection on the Hugging Face Hub (search collections for "spam") and get its items. Get the model info of both models in it and, from each model\'s dataset tag, the dataset info. Choose the model whose training dataset has more examples in total (sum its splits with the math tools). For the chosen model: get the info of the Space in the collection that uses it and the paper info of its arxiv tag; compute the share of the dataset that is in the train split (train / total). Report the chosen model and both dataset sizes, the train share, its parameters and license, the demo Space with its SDK and URL, and the paper title and date.',
  fuzzy:
    'I want a starting point for a spam filter, and I remember someone put together a starter kit of spam models on Hugging Face. Of the models in it, pick the one that was trained on the larger data set, and name only that model. How big are the two data sets, how much of the chosen one is training data (as a percentage), how many parameters does the model have and under what licence? Is there a demo of it I can try, what is it built with and where is it? And which paper is the model based on, and when did that paper come out?',
  reference: {
    calls: [
      { id: 'collections', tool: 'huggingface.search-collections', args: { query: 'spam' } },
      {
        id: 'kit',
        tool: 'huggingface.get-collection-info',
        args: { namespace: 'textlab', collection_id: 'spam-filtering-starter-kit-67c1f0a2b3d4e5f601a2b3c4' },
        after: ['collections'],
      },
      { id: 'sms-model', tool: 'huggingface.get-model-info', args: { model_id: 'textlab/distilbert-sms-spam' }, after: ['kit'] },
      { id: 'email-model', tool: 'huggingface.get-model-info', args: { model_id: 'textlab/bert-base-uncased-spam-email' }, after: ['kit'] },
      { id: 'sms-data', tool: 'huggingface.get-dataset-info', args: { dataset_id: 'ucirvine/sms_spam' }, after: ['sms-model'] },
      { id: 'email-data', tool: 'huggingface.get-dataset-info', args: { dataset_id: 'textlab/spam-email-corpus' }, after: ['email-model'] },
      { id: 'email-total', tool: 'math.sum', args: { numbers: [32000, 4000, 4000] }, after: ['email-data'] },
      { id: 'sms-total', tool: 'math.sum', args: { numbers: [5574] }, after: ['sms-data'] },
      { id: 'train-share', tool: 'math.division', args: { numerator: 32000, denominator: 40000 }, after: ['email-total', 'sms-total'] },
      {
        id: 'demo',
        tool: 'huggingface.get-space-info',
        args: { space_id: 'textlab/email-spam-checker' },
        after: ['email-total', 'sms-total'],
      },
      { id: 'paper', tool: 'huggingface.get-paper-info', args: { arxiv_id: '1810.04805' }, after: ['email-total', 'sms-total'] },
    ],
    answer:
      'Take textlab/bert-base-uncased-spam-email: its data set, textlab/spam-email-corpus, has 40,000 labelled e-mails (32,000 train, 4,000 validation, 4,000 test), against 5,574 SMS messages in ucirvine/sms_spam for the DistilBERT SMS model. 32,000 of 40,000 is 0.8, so 80% is training data. The model has 110M parameters and is licensed apache-2.0. Its demo is the Streamlit Space textlab/email-spam-checker at https://huggingface.co/spaces/textlab/email-spam-checker. It builds on "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding" (arXiv 1810.04805), published 2018-10-11.',
    facts: [
      { value: 'bert-base-uncased-spam-email', forbid: ['distilbert-sms-spam'], goal: 'choice' },
      { value: '40000', goal: 'choice' },
      { value: '5,574', goal: 'choice' },
      { value: '80%', derived: 'the train share 0.8 from the division, as a percentage', goal: 'data' },
      { value: '110M', anyOf: ['110 million', '110 M'], goal: 'model' },
      { value: 'apache-2.0', goal: 'model' },
      { value: 'email-spam-checker', goal: 'demo' },
      { value: 'streamlit', goal: 'demo' },
      { value: 'BERT: Pre-training of Deep Bidirectional Transformers', goal: 'paper' },
      {
        value: '2018-10-11',
        anyOf: [
          '11 October 2018',
          'October 11, 2018',
          '11 Oct 2018',
          'Oct 11, 2018',
          'October 11 2018',
          '11th October 2018',
          'October 11th, 2018',
        ],
        goal: 'paper',
      },
    ],
  },
})

mcpTask('hard/huggingface+math/en-fr-translator-models', {
  servers: ['huggingface', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt:
    "Get the info of the Space textlab/en-fr-translator. From its tags, get the model info of each model it uses and the dataset info of its dataset. Add up the three models' downloads and compute the share of the most-downloaded one. Get the paper info of that model's arxiv tag; from the paper's implementations, get the model info of the sibling checkpoint that is not in the Space, and compute how many times more parameters the Space's model has than the sibling. Report the three models with downloads and parameters, the most-downloaded one and its share, the paper title, date and first author, the sibling with its downloads and the parameter ratio, and the demo dataset's splits.",
  fuzzy:
    "There is an English-to-French translator demo by textlab on Hugging Face that compares a few models side by side. Which models does it use, how many parameters does each have and how often is each downloaded? Which is the most popular and what share of the three models' downloads is that? Which paper is that model from (title, date, first author)? The paper has another checkpoint that the demo leaves out: how popular is it compared with the one in the demo, and how much bigger is the demo's model? Finally, how many sentences are in the demo's own data set for training and for testing?",
  reference: {
    calls: [
      { id: 'space', tool: 'huggingface.get-space-info', args: { space_id: 'textlab/en-fr-translator' } },
      { id: 'marian', tool: 'huggingface.get-model-info', args: { model_id: 'Helsinki-NLP/opus-mt-en-fr' }, after: ['space'] },
      { id: 't5', tool: 'huggingface.get-model-info', args: { model_id: 'google-t5/t5-base' }, after: ['space'] },
      { id: 'flan', tool: 'huggingface.get-model-info', args: { model_id: 'google/flan-t5-base' }, after: ['space'] },
      { id: 'data', tool: 'huggingface.get-dataset-info', args: { dataset_id: 'textlab/opus-en-fr-tech' }, after: ['space'] },
      { id: 'downloads', tool: 'math.sum', args: { numbers: [480000, 1600000, 1100000] }, after: ['marian', 't5', 'flan'] },
      { id: 'paper', tool: 'huggingface.get-paper-info', args: { arxiv_id: '1910.10683' }, after: ['marian', 't5', 'flan'] },
      { id: 'share', tool: 'math.division', args: { numerator: 1600000, denominator: 3180000 }, after: ['downloads'] },
      { id: 'sibling', tool: 'huggingface.get-model-info', args: { model_id: 'google-t5/t5-small' }, after: ['paper'] },
      { id: 'ratio', tool: 'math.division', args: { numerator: 220, denominator: 60 }, after: ['sibling'] },
    ],
    answer:
      'The demo uses Helsinki-NLP/opus-mt-en-fr (75M parameters, 480,000 downloads), google-t5/t5-base (220M, 1,600,000 downloads) and google/flan-t5-base (248M, 1,100,000 downloads): 3,180,000 downloads together, of which t5-base has 1,600,000, a share of about 0.503 (50.3%). t5-base comes from "Exploring the Limits of Transfer Learning with a Unified Text-to-Text Transformer" (2019-10-23), first author Colin Raffel. The paper\'s other checkpoint, google-t5/t5-small, is more popular still with 2,900,000 downloads, and has 60M parameters: t5-base is about 3.67 times as large. The demo\'s data set, textlab/opus-en-fr-tech, has 8,500 training and 500 test sentences.',
    facts: [
      { value: 'opus-mt-en-fr', goal: 'models' },
      { value: '75M', anyOf: ['75 million', '75 M'], goal: 'models' },
      { value: '248M', anyOf: ['248 million', '248 M'], goal: 'models' },
      { value: 't5-base', goal: 'models' },
      { value: '3,180,000', anyOf: ['3.18 million', '3.18M'], goal: 'models' },
      { value: '0.503', anyOf: ['50.3%'], goal: 'models' },
      { value: 'Exploring the Limits of Transfer Learning', goal: 'paper' },
      {
        value: '2019-10-23',
        anyOf: [
          '23 October 2019',
          'October 23, 2019',
          '23 Oct 2019',
          'Oct 23, 2019',
          'October 23 2019',
          '23rd October 2019',
          'October 23rd, 2019',
        ],
        goal: 'paper',
      },
      { value: 'Colin Raffel', goal: 'paper' },
      { value: 't5-small', goal: 'sibling' },
      { value: '2,900,000', anyOf: ['2.9 million', '2.9M'], goal: 'sibling' },
      { value: '3.67', goal: 'sibling' },
      { value: '8,500', goal: 'data' },
    ],
  },
})

mcpTask('hard/huggingface+math/daily-papers-on-one-gpu', {
  servers: ['huggingface', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 6,
  prompt:
    "Get today's daily papers on the Hugging Face Hub and take the three with the most upvotes. Get the paper info of each and, for the model each paper lists under implementations, the model info. Among those models keep the ones under 10B parameters whose license is apache-2.0 or mit, and take the smallest. Compute its weight memory in fp16 (parameters in billions × 2 bytes = GB) and the room left on a 24 GB GPU. Search collections containing the chosen model. Report the three papers with upvotes, each model's parameters and license, the chosen model, its fp16 size and the headroom, and whether it is in any collection.",
  fuzzy:
    "Look at today's most upvoted papers on Hugging Face, the top three, with their upvotes. Each comes with a released model: how big is each and under what licence? I can only use models with a permissive licence (Apache or MIT) and I have one 24 GB GPU, so which of them could I actually run, taking the smallest if several fit? How much memory would its weights take in half precision (2 bytes per parameter), and how much room would that leave on the card? Count in GB of 10⁹ bytes, or say if you use GiB. Is it part of any curated collection on the Hub?",
  reference: {
    calls: [
      { id: 'daily', tool: 'huggingface.get-daily-papers', args: {} },
      { id: 'paper-r1', tool: 'huggingface.get-paper-info', args: { arxiv_id: '2501.12948' }, after: ['daily'] },
      { id: 'paper-qwen', tool: 'huggingface.get-paper-info', args: { arxiv_id: '2412.15115' }, after: ['daily'] },
      { id: 'paper-llama', tool: 'huggingface.get-paper-info', args: { arxiv_id: '2407.21783' }, after: ['daily'] },
      { id: 'model-r1', tool: 'huggingface.get-model-info', args: { model_id: 'deepseek-ai/DeepSeek-R1' }, after: ['paper-r1'] },
      { id: 'model-qwen', tool: 'huggingface.get-model-info', args: { model_id: 'Qwen/Qwen2.5-7B-Instruct' }, after: ['paper-qwen'] },
      {
        id: 'model-llama',
        tool: 'huggingface.get-model-info',
        args: { model_id: 'meta-llama/Meta-Llama-3-8B-Instruct' },
        after: ['paper-llama'],
      },
      { id: 'fp16', tool: 'math.multiply', args: { firstNumber: 7.62, SecondNumber: 2 }, after: ['model-r1', 'model-qwen', 'model-llama'] },
      {
        id: 'collections',
        tool: 'huggingface.search-collections',
        args: { item: 'models/Qwen/Qwen2.5-7B-Instruct' },
        after: ['model-r1', 'model-qwen', 'model-llama'],
      },
      { id: 'headroom', tool: 'math.subtract', args: { minuend: 24, subtrahend: 15.24 }, after: ['fp16'] },
    ],
    answer:
      "The top three are DeepSeek-R1 (412 upvotes), the Qwen2.5 Technical Report (268) and The Llama 3 Herd of Models (231). Their models: deepseek-ai/DeepSeek-R1 has 671B parameters (37B active), license mit; Qwen/Qwen2.5-7B-Instruct has 7.62B, apache-2.0; meta-llama/Meta-Llama-3-8B-Instruct has 8.03B under the llama3 license. DeepSeek-R1 is far too big and Llama 3's license is not Apache or MIT, so Qwen/Qwen2.5-7B-Instruct is the one: 7.62B × 2 bytes = 15.24 GB of weights in fp16, leaving 8.76 GB on a 24 GB GPU. It is not in any collection on the Hub.",
    facts: [
      { value: 'DeepSeek-R1', goal: 'papers' },
      { value: '412', goal: 'papers' },
      { value: 'Qwen2.5 Technical Report', goal: 'papers' },
      { value: 'The Llama 3 Herd of Models', goal: 'papers' },
      { value: '671B', anyOf: ['671 billion', '671 B'], goal: 'licences' },
      {
        value: 'llama3',
        anyOf: ['Llama 3 license', 'Llama 3 licence', 'Llama 3 Community License', 'Llama 3 Community Licence', 'llama-3 license'],
        goal: 'licences',
      },
      { value: 'Qwen2.5-7B-Instruct', goal: 'choice' },
      { value: '15.24', unit: 'GB', goal: 'choice' },
      { value: '8.76', unit: 'GB', goal: 'choice' },
    ],
  },
})

mcpTask('hard/paper-search+huggingface+math/benchmarks-behind-the-papers', {
  servers: ['paper-search', 'huggingface', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt:
    'Search arXiv for "tool use by language agents" (5 results) and for "tool-augmented large language models code generation" (5 results). In the first search take the most-cited paper whose title names tool use by language agents; in the second, the most-cited paper whose title names code generation. Read both papers and note the benchmark each reports first in its results. Search Hugging Face datasets for each benchmark and get the dataset info. For each dataset add up its splits and compute the test share (test / total). Report both papers with citations and their system names and improvements, both datasets with split sizes, totals and test shares.',
  fuzzy:
    'Two questions about the benchmarks behind recent agent papers. First, search arXiv for "tool use by language agents" (5 results): of the hits whose title is about tool use by language agents, which is the most cited (and how many citations), what system does it propose, on which benchmark does it report its first result and by how much does it improve there? Second, the same for the most-cited paper on code generation among the top 5 arXiv hits for "tool-augmented large language models code generation". For each of those two benchmarks, find the data set on Hugging Face and tell me how many examples it has per split, in total, and what share of it is test data.',
  reference: {
    calls: [
      { id: 'search-agents', tool: 'paper-search.search_arxiv', args: { query: 'tool use by language agents', max_results: 5 } },
      {
        id: 'search-code',
        tool: 'paper-search.search_arxiv',
        args: { query: 'tool-augmented large language models code generation', max_results: 5 },
      },
      { id: 'read-agents', tool: 'paper-search.read_arxiv_paper', args: { paper_id: '1804.09913' }, after: ['search-agents'] },
      { id: 'read-code', tool: 'paper-search.read_arxiv_paper', args: { paper_id: '2002.02482' }, after: ['search-code'] },
      { id: 'find-gsm8k', tool: 'huggingface.search-datasets', args: { query: 'gsm8k' }, after: ['read-agents'] },
      { id: 'find-mmlu', tool: 'huggingface.search-datasets', args: { query: 'mmlu' }, after: ['read-code'] },
      { id: 'gsm8k', tool: 'huggingface.get-dataset-info', args: { dataset_id: 'openai/gsm8k' }, after: ['find-gsm8k'] },
      { id: 'mmlu', tool: 'huggingface.get-dataset-info', args: { dataset_id: 'cais/mmlu' }, after: ['find-mmlu'] },
      { id: 'gsm8k-total', tool: 'math.sum', args: { numbers: [7473, 1319] }, after: ['gsm8k'] },
      { id: 'mmlu-total', tool: 'math.sum', args: { numbers: [14042, 1531, 285] }, after: ['mmlu'] },
      { id: 'gsm8k-share', tool: 'math.division', args: { numerator: 1319, denominator: 8792 }, after: ['gsm8k-total'] },
      { id: 'mmlu-share', tool: 'math.division', args: { numerator: 14042, denominator: 15858 }, after: ['mmlu-total'] },
    ],
    answer:
      'Tool-using language agents: the most-cited arXiv paper with that in its title is "Luly: Towards Robust Tool Use by Language Agents with Mixture-of-experts" (1804.09913, 278 citations). Luly reuses cached key-value states; its first result is on GSM8K, where it improves pass@1 by 3.4 points. Code generation: "When Does Tool-augmented Large Language Models Help Code Generation?" (2002.02482, 100 citations) proposes Volyri, whose first result is on MMLU, +4.6 BLEU. On Hugging Face, openai/gsm8k has 7,473 train and 1,319 test examples, 8,792 in total, so about 15.0% is test data (0.150). cais/mmlu has 14,042 test, 1,531 validation and 285 dev examples, 15,858 in total, so about 88.5% is test data (0.885).',
    facts: [
      { value: 'Luly', goal: 'agents paper' },
      { value: '278', goal: 'agents paper' },
      { value: 'GSM8K', goal: 'agents paper' },
      { value: '3.4', goal: 'agents paper' },
      { value: 'Volyri', goal: 'code paper' },
      { value: 'MMLU', goal: 'code paper' },
      { value: '4.6', goal: 'code paper' },
      { value: '8792', goal: 'gsm8k data' },
      { value: '0.150', anyOf: ['15.0%', '15%'], goal: 'gsm8k data' },
      { value: '15858', goal: 'mmlu data' },
      { value: '0.885', anyOf: ['88.5%'], goal: 'mmlu data' },
    ],
  },
})

mcpTask('hard/wikipedia+paper-search+math/alphafold-in-biology', {
  servers: ['wikipedia', 'paper-search', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt:
    'Get the Wikipedia summaries of "AlphaFold" and "CRISPR", then the "Recognition" section of AlphaFold and the "History" section of CRISPR. Search bioRxiv for "AlphaFold-predicted structures" and for "CRISPR-Cas9 screening" (10 results each), take the most-cited preprint of each search and read both. Compute the years from AlphaFold\'s CASP14 result to the AlphaFold preprint, and the ratio of the two preprints\' citations. Report the CASP14 year, the Nobel laureates and years for both techniques, both preprints with titles, citations, atlas names and numbers of candidate regulators, the years in between and the citation ratio.',
  fuzzy:
    'I am writing a short piece on how two tools changed biology: AlphaFold and CRISPR. When (at which competition, and in which year) did AlphaFold first match experimental accuracy, and who got a Nobel Prize for each of the two, in which years? Then search bioRxiv for "AlphaFold-predicted structures" and for "CRISPR-Cas9 screening" (10 results each): for each tool, what is the most cited of those preprints, what resource did it release and how many candidate regulators did it report? How many years after AlphaFold\'s breakthrough did its preprint appear, and how many times more citations does it have than the CRISPR one?',
  reference: {
    calls: [
      { id: 'af', tool: 'wikipedia.get_summary', args: { title: 'AlphaFold' } },
      { id: 'crispr', tool: 'wikipedia.get_summary', args: { title: 'CRISPR' } },
      { id: 'search-af', tool: 'paper-search.search_biorxiv', args: { query: 'AlphaFold-predicted structures', max_results: 10 } },
      { id: 'search-crispr', tool: 'paper-search.search_biorxiv', args: { query: 'CRISPR-Cas9 screening', max_results: 10 } },
      {
        id: 'af-nobel',
        tool: 'wikipedia.summarize_article_section',
        args: { title: 'AlphaFold', section_title: 'Recognition', max_length: 400 },
        after: ['af'],
      },
      {
        id: 'crispr-nobel',
        tool: 'wikipedia.summarize_article_section',
        args: { title: 'CRISPR', section_title: 'History', max_length: 400 },
        after: ['crispr'],
      },
      { id: 'read-af', tool: 'paper-search.read_biorxiv_paper', args: { paper_id: '10.1101/2024.03.27.932006' }, after: ['search-af'] },
      {
        id: 'read-crispr',
        tool: 'paper-search.read_biorxiv_paper',
        args: { paper_id: '10.1101/2025.02.20.147454' },
        after: ['search-crispr'],
      },
      { id: 'years', tool: 'math.subtract', args: { minuend: 2024, subtrahend: 2020 }, after: ['af', 'read-af'] },
      { id: 'ratio', tool: 'math.division', args: { numerator: 1603, denominator: 635 }, after: ['read-af', 'read-crispr'] },
    ],
    answer:
      'AlphaFold 2 matched experimental accuracy at CASP14 in 2020. Demis Hassabis and John Jumper shared half of the 2024 Nobel Prize in Chemistry for it (the other half went to David Baker); Jennifer Doudna and Emmanuelle Charpentier received the 2020 Nobel Prize in Chemistry for CRISPR-Cas9. The most-cited AlphaFold preprint is "Regulators of Arabidopsis root development revealed by AlphaFold-predicted structures" (2024-03-27, 1603 citations): it released VentitorAtlas and reports 41 candidate regulators. The most-cited CRISPR-Cas9 screening preprint is "A CRISPR-Cas9 screening atlas of malaria parasite invasion" (2025-02-20, 635 citations), with PhatorAtlas and 25 candidate regulators. The AlphaFold preprint came 4 years after CASP14 and has about 2.52 times the citations.',
    facts: [
      { value: 'CASP14', anyOf: ['CASP 14', 'CASP-14'], goal: 'history' },
      { value: 'John Jumper', goal: 'history' },
      // The prize and its year, in the ways a sentence may order them.
      {
        value: '2024 Nobel Prize in Chemistry',
        anyOf: [
          'Nobel Prize in Chemistry in 2024',
          'Nobel Prize in Chemistry 2024',
          '2024 Chemistry Nobel',
          'Chemistry Nobel in 2024',
          'Chemistry in 2024',
          'chemistry prize in 2024',
          '2024 chemistry prize',
        ],
        goal: 'history',
      },
      { value: 'Jennifer Doudna', goal: 'history' },
      { value: 'Arabidopsis root development', goal: 'alphafold preprint' },
      { value: '1603', goal: 'alphafold preprint' },
      { value: 'VentitorAtlas', goal: 'alphafold preprint' },
      {
        value: '41 candidate regulators',
        anyOf: ['41 candidate', '41 regulators', '41 putative regulators', '41 new regulators'],
        goal: 'alphafold preprint',
      },
      { value: 'malaria parasite invasion', goal: 'crispr preprint' },
      { value: 'PhatorAtlas', goal: 'crispr preprint' },
      {
        value: '4 years',
        anyOf: ['four years', '4-year', '4 yr'],
        derived: 'posted 2024, CASP14 in 2020 (the subtraction gives 4)',
        goal: 'comparison',
      },
      { value: '2.52', goal: 'comparison' },
    ],
  },
})

mcpTask('hard/wikipedia+math/youngest-physics-laureate', {
  servers: ['wikipedia', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 8,
  prompt:
    'Get the Wikipedia summary of "Nobel Prize in Physics" and its "Selected laureates" section. For the two laureates it names who have their own articles in the snapshot (Marie Curie and Albert Einstein), get their summaries and, with the math tools, their ages in the year of their physics prize (prize year minus birth year), the gap between the two ages, and Curie\'s age at her 1911 chemistry prize. For the younger of the two, get the "Legacy" section of her or his article and the related topics. For Einstein\'s prize topic get the key facts of the "Photoelectric effect" article. Report both ages, who was younger, what is named after the younger laureate, the years of the first physics prize and of the 2017 prize with its laureates, and when Einstein\'s explanation was confirmed.',
  fuzzy:
    'A quiz question for my class: of Marie Curie and Albert Einstein, who was younger when they won the Nobel Prize in Physics, how old was each in that year, and by how many years? How old was Curie when she won her second Nobel? For the younger one, what has been named in their honour? I would also like a couple of extra facts: who got the very first physics prize and when, who shared the 2017 prize and for what, and when experiments confirmed the work Einstein got his prize for.',
  reference: {
    calls: [
      { id: 'prize', tool: 'wikipedia.get_summary', args: { title: 'Nobel Prize in Physics' } },
      {
        id: 'laureates',
        tool: 'wikipedia.summarize_article_section',
        args: { title: 'Nobel Prize in Physics', section_title: 'Selected laureates', max_length: 400 },
      },
      { id: 'curie', tool: 'wikipedia.get_summary', args: { title: 'Marie Curie' }, after: ['laureates'] },
      { id: 'einstein', tool: 'wikipedia.get_summary', args: { title: 'Albert Einstein' }, after: ['laureates'] },
      { id: 'age-curie', tool: 'math.subtract', args: { minuend: 1903, subtrahend: 1867 }, after: ['curie', 'laureates'] },
      { id: 'age-einstein', tool: 'math.subtract', args: { minuend: 1921, subtrahend: 1879 }, after: ['einstein', 'laureates'] },
      { id: 'curie-chemistry-age', tool: 'math.subtract', args: { minuend: 1911, subtrahend: 1867 }, after: ['curie'] },
      { id: 'age-gap', tool: 'math.subtract', args: { minuend: 42, subtrahend: 36 }, after: ['age-curie', 'age-einstein'] },
      {
        id: 'photoelectric',
        tool: 'wikipedia.extract_key_facts',
        args: { title: 'Photoelectric effect', topic_within_article: "Einstein's explanation", count: 3 },
        after: ['einstein'],
      },
      {
        id: 'legacy',
        tool: 'wikipedia.summarize_article_section',
        args: { title: 'Marie Curie', section_title: 'Legacy', max_length: 400 },
        after: ['age-curie', 'age-einstein'],
      },
      {
        id: 'related',
        tool: 'wikipedia.get_related_topics',
        args: { title: 'Marie Curie', limit: 5 },
        after: ['age-curie', 'age-einstein'],
      },
    ],
    answer:
      "Marie Curie was 36 when she shared the 1903 physics prize (born 1867); Albert Einstein was 42 in 1921 (born 1879), so Curie was the younger laureate, by 6 years; she was 44 at her 1911 chemistry prize. The element curium and the unit curie are named in honour of her and Pierre Curie. The first physics prize went to Wilhelm Röntgen in 1901 for the discovery of X-rays; the 2017 prize went to Rainer Weiss, Barry Barish and Kip Thorne for the detection of gravitational waves. Einstein's 1905 explanation of the photoelectric effect was confirmed by Robert Millikan's experiments in 1914–1916.",
    facts: [
      { value: '36', goal: 'ages' },
      { value: '42', goal: 'ages' },
      { value: '44', goal: 'ages' },
      { value: 'curium', goal: 'legacy' },
      { value: 'Röntgen', anyOf: ['Roentgen', 'Rontgen'], goal: 'prize history' },
      { value: 'Kip Thorne', goal: 'prize history' },
      { value: 'Millikan', goal: 'photoelectric' },
      { value: '1914', goal: 'photoelectric' },
    ],
  },
})

mcpTask('hard/wikipedia+paper-search+math/climate-treaties-and-emulators', {
  servers: ['wikipedia', 'paper-search', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt:
    'Get the Wikipedia summaries of "Kyoto Protocol" and "Paris Agreement" and compute, with the math tools, the years each took from adoption to entry into force. For the treaty that took less time, get its "Global stocktake" and "Participation" sections. For the other, get its "Commitments" section. Get the "Effects" section of "Climate change". Search arXiv for "climate emulation" (5 results), read the most-cited paper, and compute how many years after the Paris Agreement\'s adoption it appeared (negative if before). Report both waits, the faster treaty, the stocktake and the US participation history, Kyoto\'s commitment, the warming so far, and the paper with its system name, benchmark and result.',
  fuzzy:
    'I need background for a climate policy talk. The Kyoto Protocol and the Paris Agreement: how long did each take to come into force after it was adopted, and which was quicker? For the quicker one, when was the first review of collective progress and what did it call for, and what is the story of the United States\' participation? For the other one, what did rich countries actually commit to? How much has the world warmed so far? Also, on the research side, what is the most cited of the top 5 arXiv hits for "climate emulation" (and how many citations does it have), what method does it propose and by how much does it improve RMSE on its first benchmark, and was it written before or after the Paris Agreement?',
  reference: {
    calls: [
      { id: 'kyoto', tool: 'wikipedia.get_summary', args: { title: 'Kyoto Protocol' } },
      { id: 'paris', tool: 'wikipedia.get_summary', args: { title: 'Paris Agreement' } },
      {
        id: 'warming',
        tool: 'wikipedia.summarize_article_section',
        args: { title: 'Climate change', section_title: 'Effects', max_length: 300 },
      },
      { id: 'papers', tool: 'paper-search.search_arxiv', args: { query: 'climate emulation', max_results: 5 } },
      { id: 'kyoto-wait', tool: 'math.subtract', args: { minuend: 2005, subtrahend: 1997 }, after: ['kyoto'] },
      { id: 'paris-wait', tool: 'math.subtract', args: { minuend: 2016, subtrahend: 2015 }, after: ['paris'] },
      { id: 'read', tool: 'paper-search.read_arxiv_paper', args: { paper_id: '1812.14887' }, after: ['papers'] },
      {
        id: 'stocktake',
        tool: 'wikipedia.summarize_article_section',
        args: { title: 'Paris Agreement', section_title: 'Global stocktake', max_length: 300 },
        after: ['kyoto-wait', 'paris-wait'],
      },
      {
        id: 'participation',
        tool: 'wikipedia.summarize_article_section',
        args: { title: 'Paris Agreement', section_title: 'Participation', max_length: 300 },
        after: ['kyoto-wait', 'paris-wait'],
      },
      {
        id: 'commitments',
        tool: 'wikipedia.summarize_article_section',
        args: { title: 'Kyoto Protocol', section_title: 'Commitments', max_length: 300 },
        after: ['kyoto-wait', 'paris-wait'],
      },
      { id: 'paper-gap', tool: 'math.subtract', args: { minuend: 2018, subtrahend: 2015 }, after: ['read', 'paris'] },
    ],
    answer:
      'The Kyoto Protocol was adopted on 11 December 1997 and entered into force on 16 February 2005, 8 years later; the Paris Agreement was adopted on 12 December 2015 and in force on 4 November 2016, within 1 year, so Paris was much quicker. Its first global stocktake concluded at COP28 in Dubai in 2023 and called for transitioning away from fossil fuels in energy systems. The United States withdrew in 2020, rejoined in 2021 and announced a second withdrawal in January 2025. Under Kyoto, Annex B countries committed to cut six greenhouse gases by about 5% below 1990 levels in 2008–2012. The world was about 1.1 °C warmer in 2011–2020 than in 1850–1900. The most-cited arXiv paper on climate emulation is "Climate Emulation via Equivariant Neural Networks: a Systematic Study" (1812.14887, 862 citations), which proposes Rinexven and improves RMSE by 8.1 points on Materials Project (2.3 on ERA5); it appeared in 2018, 3 years after the Paris Agreement was adopted.',
    facts: [
      { value: '8', derived: 'entry into force 2005 minus adoption 1997', goal: 'treaties' },
      { value: '2016', goal: 'treaties' },
      { value: 'COP28', anyOf: ['COP 28', 'COP-28'], goal: 'paris' },
      // The key words of the call, which a paraphrase keeps.
      { value: 'away from fossil fuels', goal: 'paris' },
      { value: '2021', goal: 'paris' },
      {
        value: '5% below 1990',
        anyOf: [
          '5 percent below 1990',
          '5% below their 1990',
          '5% below the 1990',
          '5% relative to 1990',
          '5% compared with 1990',
          '5% compared to 1990',
          '5% from 1990',
        ],
        goal: 'kyoto',
      },
      { value: '1.1', goal: 'warming' },
      { value: 'Rinexven', goal: 'research' },
      { value: '862', goal: 'research' },
      { value: '8.1', goal: 'research' },
    ],
  },
})

mcpTask('hard/huggingface+math/whisper-checkpoints', {
  servers: ['huggingface', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 6,
  prompt:
    "Search Hugging Face models for \"whisper\" and search collections for \"whisper\"; get the Whisper collection's items. Get the model info of both checkpoints, the info of the collection's Space, of its dataset and of its paper. With the math tools compute how many times more parameters the large checkpoint has (1.55B vs 244M), and each checkpoint's likes per million downloads; take the higher. Report both checkpoints with parameters, downloads, likes and licence, the size ratio, the likes-per-million figures and which is better liked, the Space's checkpoint and SDK, the dataset's English train split, and the paper's title and date.",
  fuzzy:
    'I am choosing a Whisper checkpoint for speech-to-text. OpenAI keeps a Whisper collection on Hugging Face: what are the two checkpoints in it, how big is each, how often is each downloaded and under what licence? How many times bigger is the large one? Relative to how often they are downloaded, which one do people like more (likes per million downloads)? Which checkpoint does the official demo run, and on what framework? How many English training examples does the evaluation data set in the collection have, and which paper introduced Whisper, and when?',
  reference: {
    calls: [
      { id: 'models', tool: 'huggingface.search-models', args: { query: 'whisper' } },
      { id: 'collections', tool: 'huggingface.search-collections', args: { query: 'whisper' } },
      {
        id: 'collection',
        tool: 'huggingface.get-collection-info',
        args: { namespace: 'openai', collection_id: 'whisper-release-6512c0ffee0ddba11a5e7b0c' },
        after: ['collections'],
      },
      { id: 'small', tool: 'huggingface.get-model-info', args: { model_id: 'openai/whisper-small' }, after: ['collection'] },
      { id: 'large', tool: 'huggingface.get-model-info', args: { model_id: 'openai/whisper-large-v3' }, after: ['collection'] },
      { id: 'space', tool: 'huggingface.get-space-info', args: { space_id: 'openai/whisper' }, after: ['collection'] },
      {
        id: 'dataset',
        tool: 'huggingface.get-dataset-info',
        args: { dataset_id: 'mozilla-foundation/common_voice_11_0' },
        after: ['collection'],
      },
      { id: 'paper', tool: 'huggingface.get-paper-info', args: { arxiv_id: '2212.04356' }, after: ['collection'] },
      { id: 'size-ratio', tool: 'math.division', args: { numerator: 1550, denominator: 244 }, after: ['small', 'large'] },
      { id: 'small-liking', tool: 'math.division', args: { numerator: 310, denominator: 1.2 }, after: ['small'] },
      { id: 'large-liking', tool: 'math.division', args: { numerator: 4100, denominator: 4.5 }, after: ['large'] },
      {
        id: 'better-liked',
        tool: 'math.max',
        args: { numbers: [258.33333333333337, 911.1111111111111] },
        after: ['small-liking', 'large-liking'],
      },
    ],
    answer:
      'The collection holds openai/whisper-small (244M parameters, 1,200,000 downloads, 310 likes, apache-2.0) and openai/whisper-large-v3 (1.55B parameters, 4,500,000 downloads, 4,100 likes, apache-2.0). The large one has about 6.35 times as many parameters. Likes per million downloads: about 258.3 for small and about 911.1 for large-v3, so large-v3 is far better liked. The official demo, the openai/whisper Space, runs whisper-large-v3 on Gradio. The evaluation data, Common Voice 11 (mozilla-foundation/common_voice_11_0), has 948,736 English training examples. Whisper was introduced in "Robust Speech Recognition via Large-Scale Weak Supervision", published 2022-12-06.',
    facts: [
      { value: '244M', anyOf: ['244 million', '244 M'], goal: 'checkpoints' },
      { value: '1.55B', anyOf: ['1.55 billion', '1.55 B', '1,550 million', '1550M'], goal: 'checkpoints' },
      { value: '4,500,000', anyOf: ['4.5 million', '4.5M'], goal: 'checkpoints' },
      { value: '6.35', goal: 'checkpoints' },
      { value: '258.3', goal: 'popularity' },
      { value: '911.1', goal: 'popularity' },
      { value: 'gradio', goal: 'demo' },
      { value: '948,736', goal: 'data' },
      { value: 'Robust Speech Recognition via Large-Scale Weak Supervision', goal: 'paper' },
      {
        value: '2022-12-06',
        anyOf: [
          '6 December 2022',
          'December 6, 2022',
          '6 Dec 2022',
          'Dec 6, 2022',
          'December 6 2022',
          '6th December 2022',
          'December 6th, 2022',
        ],
        goal: 'paper',
      },
    ],
  },
})

mcpTask('hard/wikipedia+huggingface+math/transformer-to-distilbert', {
  servers: ['wikipedia', 'huggingface', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt:
    "Get the Wikipedia summary of \"Transformer (deep learning architecture)\" and then its key facts (3). Get the Hugging Face paper info of \"Attention Is All You Need\" (1706.03762) and of BERT (1810.04805). For BERT's two google-bert implementations get the model info; with the math tools compute how many times more parameters the large model has and the two models' downloads together. For the more downloaded one, get the paper info of its distilled version (DistilBERT, 1910.01108) and the model info of distilbert/distilbert-base-uncased; compute DistilBERT's parameters as a share of BERT base's and its downloads as a share of BERT base's. Report the Transformer's origin and what it underlies, the BERT checkpoints with parameters and downloads, the ratios, and what DistilBERT claims with its size and popularity shares.",
  fuzzy:
    'Trace a family tree for me: where does the transformer architecture come from and which famous models is it the basis of? For BERT, what are the two official checkpoints on Hugging Face, how big are they and how often are they downloaded (together too), and how much bigger is the large one? Then take the distilled version of the more popular one: what does its paper claim, how big is it relative to the original, and how popular relative to it?',
  reference: {
    calls: [
      { id: 'transformer', tool: 'wikipedia.get_summary', args: { title: 'Transformer (deep learning architecture)' } },
      { id: 'attention-paper', tool: 'huggingface.get-paper-info', args: { arxiv_id: '1706.03762' } },
      { id: 'bert-paper', tool: 'huggingface.get-paper-info', args: { arxiv_id: '1810.04805' } },
      {
        id: 'transformer-facts',
        tool: 'wikipedia.extract_key_facts',
        args: { title: 'Transformer (deep learning architecture)', count: 3 },
        after: ['transformer'],
      },
      { id: 'bert-base', tool: 'huggingface.get-model-info', args: { model_id: 'google-bert/bert-base-uncased' }, after: ['bert-paper'] },
      { id: 'bert-large', tool: 'huggingface.get-model-info', args: { model_id: 'google-bert/bert-large-uncased' }, after: ['bert-paper'] },
      { id: 'size-ratio', tool: 'math.division', args: { numerator: 336, denominator: 110 }, after: ['bert-base', 'bert-large'] },
      { id: 'downloads', tool: 'math.sum', args: { numbers: [58300000, 1320000] }, after: ['bert-base', 'bert-large'] },
      { id: 'distil-paper', tool: 'huggingface.get-paper-info', args: { arxiv_id: '1910.01108' }, after: ['bert-base', 'bert-large'] },
      {
        id: 'distilbert',
        tool: 'huggingface.get-model-info',
        args: { model_id: 'distilbert/distilbert-base-uncased' },
        after: ['distil-paper'],
      },
      { id: 'size-share', tool: 'math.division', args: { numerator: 67, denominator: 110 }, after: ['distilbert'] },
      { id: 'popularity-share', tool: 'math.division', args: { numerator: 12400000, denominator: 58300000 }, after: ['distilbert'] },
    ],
    answer:
      'The transformer was introduced in the 2017 paper "Attention Is All You Need" (published 2017-06-12) by researchers at Google; it is built on multi-head attention and underlies modern large language models such as GPT and BERT. BERT\'s official checkpoints are google-bert/bert-base-uncased (110M parameters, 58,300,000 downloads) and google-bert/bert-large-uncased (336M parameters, 1,320,000 downloads): 59,620,000 downloads together, and the large one has about 3.05 times the parameters. The base model is the more popular; its distilled version, DistilBERT ("smaller, faster, cheaper and lighter", 2019-10-02), claims to be 40% smaller and 60% faster while keeping about 97% of BERT\'s language understanding. distilbert/distilbert-base-uncased has 67M parameters, about 0.61 of BERT base, and 12,400,000 downloads, about 0.213 of BERT base\'s.',
    facts: [
      { value: 'Attention Is All You Need', goal: 'origin' },
      { value: 'GPT', goal: 'origin' },
      { value: '336M', anyOf: ['336 million', '336 M'], goal: 'bert' },
      { value: '59,620,000', anyOf: ['59.62 million', '59.62M'], goal: 'bert' },
      { value: '3.05', goal: 'bert' },
      { value: '97%', goal: 'distilbert' },
      { value: '67M', anyOf: ['67 million', '67 M'], goal: 'distilbert' },
      { value: '0.61', anyOf: ['61%'], goal: 'distilbert' },
      { value: '0.213', anyOf: ['21.3%'], goal: 'distilbert' },
    ],
  },
})
