#!/usr/bin/env python3
"""Regenerates test/fixtures/mcp-bench-conformance/judge-expected.json: MCP-Bench's own judge prompt for each
of the 104 messy judge cases (test/support/messy-judge-cases.ts), built by MCP-Bench's own code.

    python3 scripts/mcp-bench-judge-conformance.py /work/.mirror/Accenture+mcp-bench/repo
    python3 scripts/mcp-bench-judge-conformance.py --synthetic /work/.mirror/Accenture+mcp-bench/repo

With --synthetic, the export's wording is first swapped for made-up words (scripts/mcp-bench-synthetic.py), and
the templates read from it are committed (templates.synthetic.json) beside judge-expected.synthetic.json: CI
checks those, with no MCP-Bench checkout and no prose of MCP-Bench's in the repository.

The argument is a bare git directory of github.com/Accenture/mcp-bench (or a checkout). Its HEAD is exported
to a temporary directory; nothing of it is copied into this repository. Steps:

1. src/import/mcp-bench-templates.py reads the templates out of the export (as `mcp-bench import` does) into
   test/fixtures/mcp-bench-conformance/templates.local.json, which git ignores: it is MCP-Bench's prose.
   scripts/mcp-bench-prose-hashes.ts writes the hashes of its sentences (test/fixtures/mcp-bench-prose-hashes.json),
   which test/docs/no-mcp-bench-prose.integration.test.ts looks for in every file of this repository.
2. `npx tsx scripts/mcp-bench-judge-cases.ts` writes the cases with this project's prompts and the order each
   judge sample shuffled the rubric into.
3. For each case, MCP-Bench's code, unchanged, builds what its runner hands the judge:
   agent/executor.py `_execute_planned_tools` runs each round's calls against a stand-in server manager that
   answers with the recorded results (its order, its unknown-tool error), `_update_state` writes the
   accumulated information (its summarising stood in by the agent's recorded summaries, or failing where
   the agent wrote none), benchmark/evaluator.py `_create_execution_summary` and
   `_generate_randomized_prompt` (random.shuffle replaced by the recorded order) build the prompt, and
   `_perform_evaluation` gives the system message. `total_rounds` is the executor's `round_num - 1`: the
   round after the last one with calls stops the loop, or the cap.

The expected file holds hashes only: SHA-256 of each (system, user) pair exactly, and with every run of
whitespace made one space. The test needs the templates file to build its side; it needs no Python.
"""
import asyncio
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, '..')
FIXTURES = os.path.join(ROOT, 'test', 'fixtures', 'mcp-bench-conformance')
sys.path.insert(0, HERE)
conformance = __import__('mcp-bench-conformance')


def digest(system: str, user: str, squash: bool) -> str:
    if squash:
        system, user = ' '.join(system.split()), ' '.join(user.split())
    return hashlib.sha256(f'{system}\n\x00\n{user}'.encode('utf-8')).hexdigest()


class Text:
    def __init__(self, text):
        self.text = text


class Result:
    def __init__(self, texts, is_error):
        self.content = [Text(t) for t in texts]
        self.isError = is_error


class RecordedServers:
    """Answers each call with the next recorded result of that tool name."""

    def __init__(self, tools, calls):
        self.all_tools = tools
        self.queue = {}
        for c in calls:
            self.queue.setdefault(c['name'], []).append(c)

    async def call_tool(self, name, params):
        c = self.queue[name].pop(0)
        texts = [i.get('text', '') for i in (c.get('result') or []) if isinstance(i, dict) and 'text' in i]
        if c['isError'] and not texts:
            raise RuntimeError(c.get('error', ''))
        return Result(texts, c['isError'])


def with_whole_floats(value, pointers):
    """The value with the numbers at `pointers` (JSON pointers) as floats: the model wrote them 2.0, as the trajectory records."""
    for pointer in pointers or []:
        keys = [k.replace('~1', '/').replace('~0', '~') for k in pointer.split('/')[1:]]
        if not keys:
            return float(value)
        holder = value
        for k in keys[:-1]:
            holder = holder[int(k) if isinstance(holder, list) else k]
        last = int(keys[-1]) if isinstance(holder, list) else keys[-1]
        holder[last] = float(holder[last])
    return value


def main() -> None:
    args = [a for a in sys.argv[1:] if a != '--synthetic']
    synthetic = len(args) != len(sys.argv) - 1
    if len(args) != 1:
        sys.exit(__doc__)
    root, commit = conformance.export_mirror(args[0])
    if synthetic:
        __import__('mcp-bench-synthetic').swap_wording(root)
    templates_file = os.path.join(FIXTURES, 'templates.synthetic.json' if synthetic else 'templates.local.json')
    extracted = json.loads(subprocess.run([sys.executable, os.path.join(ROOT, 'src', 'import', 'mcp-bench-templates.py'), root], capture_output=True, text=True, check=True).stdout)
    extracted['source']['commit'] = commit  # the export is no git work tree: the commit is the mirror's
    with open(templates_file, 'w') as out:
        json.dump(extracted, out, ensure_ascii=False, indent=1)
        out.write('\n')
    if not synthetic:
        subprocess.run(['npx', 'tsx', os.path.join(HERE, 'mcp-bench-prose-hashes.ts'), templates_file], cwd=ROOT, check=True)
    cases_file = os.path.join(tempfile.mkdtemp(prefix='judge-cases-'), 'cases.json')
    subprocess.run(['npx', 'tsx', os.path.join(HERE, 'mcp-bench-judge-cases.ts'), templates_file, cases_file], cwd=ROOT, check=True)
    cases = json.load(open(cases_file))['cases']

    sys.path.insert(0, root)
    os.chdir(root)
    import logging
    logging.disable(logging.CRITICAL)
    conformance.install_stand_ins()
    import benchmark.evaluator as evaluator_module
    from agent.executor import TaskExecutor

    judge = evaluator_module.LLMJudge(llm_provider=None, enable_judge_stability=True)
    system_prompts = []

    class CaptureLLM:
        async def get_completion(self, system_prompt, user_prompt, max_tokens):
            system_prompts.append(system_prompt)
            return '{}'

        def clean_and_parse_json(self, text):
            return {}

    judge.llm = CaptureLLM()
    out, same_text = [], 0
    for case in cases:
        t = case['trajectory']
        tools = {e['name']: {'server': e['server'], 'description': e.get('description'), 'original_name': e['tool']} for e in case['tools']}
        executor = TaskExecutor.__new__(TaskExecutor)
        executor.execution_results, executor.accumulated_information, executor.accumulated_information_uncompressed = [], '', ''
        executor.concurrent_summarization = False
        executor.all_tools = tools
        executor.server_manager = RecordedServers(tools, t['calls'])
        rounds = sorted({c['round'] for c in t['calls']})
        for r in rounds:
            in_round = [c for c in t['calls'] if c['round'] == r]
            results = asyncio.run(executor._execute_planned_tools([{'tool': c['name'], 'parameters': with_whole_floats(c['args'], c.get('wholeFloats'))} for c in in_round], r))
            long = [x for x in results if executor._estimate_token_count(x.get('result') if x['success'] else x.get('error', '')) > 1000]
            turns = [x for x in t['turns'] if x['round'] == r]
            summaries = [(x['content'] or '').strip() for x in turns[len(turns) - len(long):]] if long and len(turns) > len(long) else None

            async def summarise(content, kind, queue=summaries):
                if not queue:
                    raise RuntimeError('no summary recorded')
                return queue.pop(0)
            executor._summarize_content = summarise
            asyncio.run(executor._update_state(results, r))
        last = max(rounds) if rounds else 0
        total_rounds = case['maxRounds'] - 1 if last >= case['maxRounds'] else last
        summary = judge._create_execution_summary(executor.execution_results, total_rounds, executor.accumulated_information_uncompressed)
        samples = []
        for sample in case['samples']:
            perms = [list(p) for p in sample['permutations']]

            def shuffle(items, perms=perms):
                order = perms.pop(0)
                items[:] = [items[i] for i in order]
            evaluator_module.random = type('R', (), {'shuffle': staticmethod(shuffle)})
            user = judge._generate_randomized_prompt(t['prompt'], t['answer'] or '', summary, total_rounds, tools, case['task']['prompt'], None)
            evaluator_module.random = random
            system_prompts.clear()
            asyncio.run(judge._perform_evaluation('t', 's', 'e', 1, {}, None, None))
            system = system_prompts[0]
            if perms:
                sys.exit(f'{case["id"]}: the builder shuffled fewer times than this project did')
            same_text += (system, user) == (sample['system'], sample['user'])
            if (system, user) != (sample['system'], sample['user']) and os.environ.get('SHOW_DIFF'):
                import difflib
                sys.stderr.write('\n'.join(difflib.unified_diff(sample['user'].split('\n'), user.split('\n'), 'project', 'mcp-bench', lineterm='', n=1)) + '\n')
            samples.append({'exact': digest(system, user, False), 'squashed': digest(system, user, True)})
        out.append({'id': case['id'], 'samples': samples})

    expected = {
        'generatedBy': 'scripts/mcp-bench-judge-conformance.py',
        'source': {'repository': 'github.com/Accenture/mcp-bench', 'commit': commit},
        'python': sys.version.split()[0],
        'cases': out,
    }
    expected['wording'] = 'synthetic' if synthetic else 'mcp-bench'
    with open(os.path.join(FIXTURES, 'judge-expected.synthetic.json' if synthetic else 'judge-expected.json'), 'w') as f:
        json.dump(expected, f, indent=1)
        f.write('\n')
    total = sum(len(c['samples']) for c in out)
    print(f'wrote judge-expected{".synthetic" if synthetic else ""}.json from mcp-bench {commit}: {len(out)} cases, {total} judge messages; this project built {same_text}/{total} of them identically')


if __name__ == '__main__':
    main()
