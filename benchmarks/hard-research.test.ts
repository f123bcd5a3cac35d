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
  prompt: 'Find the spam-filtering collection on the Hugging Face Hub (search collections for "spam") and get its items. Get the model info of both models in it and, from each model\'s dataset tag, the dataset info. Choose the model whose training dataset has more examples in total (sum its splits with the math tools). For the chosen model: get the info of the Space in the collection that uses it and the paper info of its arxiv tag; compute the share of the dataset that is in the train split (train / total). Report the chosen model and both dataset sizes, the train share, its parameters and license, the demo Space with its SDK and URL, and the paper title and date.',
  fuzzy: 'I want a starting point for a spam filter, and I remember someone put together a starter kit of spam models on Hugging Face. Of the models in it, pick the one that was trained on the larger data set. How big are the two data sets, how much of the chosen one is training data (as a percentage), how many parameters does the model have and under what licence? Is there a demo of it I can try, what is it built with and where is it? And which paper is the model based on, and when did that paper come out?',
  reference: {
    calls: [
      { id: 'collections', tool: 'huggingface.search-collections', args: { query: 'spam' } },
      { id: 'kit', tool: 'huggingface.get-collection-info', args: { namespace: 'textlab', collection_id: 'spam-filtering-starter-kit-67c1f0a2b3d4e5f601a2b3c4' }, after: ['collections'] },
      { id: 'sms-model', tool: 'huggingface.get-model-info', args: { model_id: 'textlab/distilbert-sms-spam' }, after: ['kit'] },
      { id: 'email-model', tool: 'huggingface.get-model-info', args: { model_id: 'textlab/bert-base-uncased-spam-email' }, after: ['kit'] },
      { id: 'sms-data', tool: 'huggingface.get-dataset-info', args: { dataset_id: 'ucirvine/sms_spam' }, after: ['sms-model'] },
      { id: 'email-data', tool: 'huggingface.get-dataset-info', args: { dataset_id: 'textlab/spam-email-corpus' }, after: ['email-model'] },
      { id: 'email-total', tool: 'math.sum', args: { numbers: [32000, 4000, 4000] }, after: ['email-data'] },
      { id: 'sms-total', tool: 'math.sum', args: { numbers: [5574] }, after: ['sms-data'] },
      { id: 'train-share', tool: 'math.division', args: { numerator: 32000, denominator: 40000 }, after: ['email-total', 'sms-total'] },
      { id: 'demo', tool: 'huggingface.get-space-info', args: { space_id: 'textlab/email-spam-checker' }, after: ['email-total', 'sms-total'] },
      { id: 'paper', tool: 'huggingface.get-paper-info', args: { arxiv_id: '1810.04805' }, after: ['email-total', 'sms-total'] },
    ],
    answer: 'Take textlab/bert-base-uncased-spam-email: its data set, textlab/spam-email-corpus, has 40,000 labelled e-mails (32,000 train, 4,000 validation, 4,000 test), against 5,574 SMS messages in ucirvine/sms_spam for the DistilBERT SMS model. 32,000 of 40,000 is 0.8, so 80% is training data. The model has 110M parameters and is licensed apache-2.0. Its demo is the Streamlit Space textlab/email-spam-checker at https://huggingface.co/spaces/textlab/email-spam-checker. It builds on "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding" (arXiv 1810.04805), published 2018-10-11.',
    facts: [
      { value: 'bert-base-uncased-spam-email', goal: 'choice' },
      { value: '40000', goal: 'choice' },
      { value: '5,574', goal: 'choice' },
      { value: '80%', derived: 'the train share 0.8 from the division, as a percentage', goal: 'data' },
      { value: '110M', goal: 'model' },
      { value: 'apache-2.0', goal: 'model' },
      { value: 'email-spam-checker', goal: 'demo' },
      { value: 'streamlit', goal: 'demo' },
      { value: 'BERT: Pre-training of Deep Bidirectional Transformers', goal: 'paper' },
      { value: '2018-10-11', goal: 'paper' },
    ],
  },
})

mcpTask('hard/huggingface+math/en-fr-translator-models', {
  servers: ['huggingface', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt: 'Get the info of the Space textlab/en-fr-translator. From its tags, get the model info of each model it uses and the dataset info of its dataset. Add up the three models\' downloads and compute the share of the most-downloaded one. Get the paper info of that model\'s arxiv tag; from the paper\'s implementations, get the model info of the sibling checkpoint that is not in the Space, and compute how many times more parameters the Space\'s model has than the sibling. Report the three models with downloads and parameters, the most-downloaded one and its share, the paper title, date and first author, the sibling with its downloads and the parameter ratio, and the demo dataset\'s splits.',
  fuzzy: 'There is an English-to-French translator demo by textlab on Hugging Face that compares a few models side by side. Which models does it use, how many parameters does each have and how often is each downloaded? Which is the most popular and what share of the three models\' downloads is that? Which paper is that model from (title, date, first author)? The paper has another checkpoint that the demo leaves out: how popular is it compared with the one in the demo, and how much bigger is the demo\'s model? Finally, how many sentences are in the demo\'s own data set for training and for testing?',
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
    answer: 'The demo uses Helsinki-NLP/opus-mt-en-fr (75M parameters, 480,000 downloads), google-t5/t5-base (220M, 1,600,000 downloads) and google/flan-t5-base (248M, 1,100,000 downloads): 3,180,000 downloads together, of which t5-base has 1,600,000, a share of about 0.503 (50.3%). t5-base comes from "Exploring the Limits of Transfer Learning with a Unified Text-to-Text Transformer" (2019-10-23), first author Colin Raffel. The paper\'s other checkpoint, google-t5/t5-small, is more popular still with 2,900,000 downloads, and has 60M parameters: t5-base is about 3.67 times as large. The demo\'s data set, textlab/opus-en-fr-tech, has 8,500 training and 500 test sentences.',
    facts: [
      { value: 'opus-mt-en-fr', goal: 'models' },
      { value: '75M', goal: 'models' },
      { value: '248M', goal: 'models' },
      { value: 't5-base', goal: 'models' },
      { value: '3,180,000', goal: 'models' },
      { value: '0.503', goal: 'models' },
      { value: 'Exploring the Limits of Transfer Learning', goal: 'paper' },
      { value: '2019-10-23', goal: 'paper' },
      { value: 'Colin Raffel', goal: 'paper' },
      { value: 't5-small', goal: 'sibling' },
      { value: '2,900,000', goal: 'sibling' },
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
  prompt: 'Get today\'s daily papers on the Hugging Face Hub and take the three with the most upvotes. Get the paper info of each and, for the model each paper lists under implementations, the model info. Among those models keep the ones under 10B parameters whose license is apache-2.0 or mit, and take the smallest. Compute its weight memory in fp16 (parameters in billions × 2 bytes = GB) and the room left on a 24 GB GPU. Search collections containing the chosen model. Report the three papers with upvotes, each model\'s parameters and license, the chosen model, its fp16 size and the headroom, and whether it is in any collection.',
  fuzzy: 'Look at today\'s most upvoted papers on Hugging Face, the top three. Each comes with a released model: how big is each and under what licence? I can only use models with a permissive licence (Apache or MIT) and I have one 24 GB GPU, so which of them could I actually run, taking the smallest if several fit? How much memory would its weights take in half precision, and how much room would that leave on the card? Is it part of any curated collection on the Hub?',
  reference: {
    calls: [
      { id: 'daily', tool: 'huggingface.get-daily-papers', args: {} },
      { id: 'paper-r1', tool: 'huggingface.get-paper-info', args: { arxiv_id: '2501.12948' }, after: ['daily'] },
      { id: 'paper-qwen', tool: 'huggingface.get-paper-info', args: { arxiv_id: '2412.15115' }, after: ['daily'] },
      { id: 'paper-llama', tool: 'huggingface.get-paper-info', args: { arxiv_id: '2407.21783' }, after: ['daily'] },
      { id: 'model-r1', tool: 'huggingface.get-model-info', args: { model_id: 'deepseek-ai/DeepSeek-R1' }, after: ['paper-r1'] },
      { id: 'model-qwen', tool: 'huggingface.get-model-info', args: { model_id: 'Qwen/Qwen2.5-7B-Instruct' }, after: ['paper-qwen'] },
      { id: 'model-llama', tool: 'huggingface.get-model-info', args: { model_id: 'meta-llama/Meta-Llama-3-8B-Instruct' }, after: ['paper-llama'] },
      { id: 'fp16', tool: 'math.multiply', args: { firstNumber: 7.62, SecondNumber: 2 }, after: ['model-r1', 'model-qwen', 'model-llama'] },
      { id: 'collections', tool: 'huggingface.search-collections', args: { item: 'models/Qwen/Qwen2.5-7B-Instruct' }, after: ['model-r1', 'model-qwen', 'model-llama'] },
      { id: 'headroom', tool: 'math.subtract', args: { minuend: 24, subtrahend: 15.24 }, after: ['fp16'] },
    ],
    answer: 'The top three are DeepSeek-R1 (412 upvotes), the Qwen2.5 Technical Report (268) and The Llama 3 Herd of Models (231). Their models: deepseek-ai/DeepSeek-R1 has 671B parameters (37B active), license mit; Qwen/Qwen2.5-7B-Instruct has 7.62B, apache-2.0; meta-llama/Meta-Llama-3-8B-Instruct has 8.03B under the llama3 license. DeepSeek-R1 is far too big and Llama 3\'s license is not Apache or MIT, so Qwen/Qwen2.5-7B-Instruct is the one: 7.62B × 2 bytes = 15.24 GB of weights in fp16, leaving 8.76 GB on a 24 GB GPU. It is not in any collection on the Hub.',
    facts: [
      { value: 'DeepSeek-R1', goal: 'papers' },
      { value: '412', goal: 'papers' },
      { value: 'Qwen2.5 Technical Report', goal: 'papers' },
      { value: 'The Llama 3 Herd of Models', goal: 'papers' },
      { value: '671B', goal: 'licences' },
      { value: 'llama3', goal: 'licences' },
      { value: 'Qwen2.5-7B-Instruct', goal: 'choice' },
      { value: '15.24', goal: 'choice' },
      { value: '8.76', goal: 'choice' },
    ],
  },
})

mcpTask('hard/paper-search+huggingface+math/benchmarks-behind-the-papers', {
  servers: ['paper-search', 'huggingface', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt: 'Search arXiv for "tool use by language agents" (5 results) and for "tool-augmented large language models code generation" (5 results). In the first search take the most-cited paper whose title names tool use by language agents; in the second, the most-cited paper whose title names code generation. Read both papers and note the benchmark each reports first in its results. Search Hugging Face datasets for each benchmark and get the dataset info. For each dataset add up its splits and compute the test share (test / total). Report both papers with citations and their system names and improvements, both datasets with split sizes, totals and test shares.',
  fuzzy: 'Two questions about the benchmarks behind recent agent papers. First, of the arXiv papers about language agents that use tools, which is the most cited, what system does it propose and on which benchmark does it report its first result? Second, the same for the most-cited arXiv paper on tool-augmented language models for code generation. For each of those two benchmarks, find the data set on Hugging Face and tell me how many examples it has per split, in total, and what share of it is test data.',
  reference: {
    calls: [
      { id: 'search-agents', tool: 'paper-search.search_arxiv', args: { query: 'tool use by language agents', max_results: 5 } },
      { id: 'search-code', tool: 'paper-search.search_arxiv', args: { query: 'tool-augmented large language models code generation', max_results: 5 } },
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
    answer: 'Tool-using language agents: the most-cited arXiv paper with that in its title is "Luly: Towards Robust Tool Use by Language Agents with Mixture-of-experts" (1804.09913, 278 citations). Luly reuses cached key-value states; its first result is on GSM8K, where it improves pass@1 by 3.4 points. Code generation: "When Does Tool-augmented Large Language Models Help Code Generation?" (2002.02482, 100 citations) proposes Volyri, whose first result is on MMLU, +4.6 BLEU. On Hugging Face, openai/gsm8k has 7,473 train and 1,319 test examples, 8,792 in total, so about 15.0% is test data (0.150). cais/mmlu has 14,042 test, 1,531 validation and 285 dev examples, 15,858 in total, so about 88.5% is test data (0.885).',
    facts: [
      { value: 'Luly', goal: 'agents paper' },
      { value: '278', goal: 'agents paper' },
      { value: 'GSM8K', goal: 'agents paper' },
      { value: '3.4', goal: 'agents paper' },
      { value: 'Volyri', goal: 'code paper' },
      { value: 'MMLU', goal: 'code paper' },
      { value: '4.6', goal: 'code paper' },
      { value: '8792', goal: 'gsm8k data' },
      { value: '0.150', goal: 'gsm8k data' },
      { value: '15858', goal: 'mmlu data' },
      { value: '0.885', goal: 'mmlu data' },
    ],
  },
})
