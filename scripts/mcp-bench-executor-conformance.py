#!/usr/bin/env python3
"""Regenerates the executor conformance expectations: the rounds, calls and requests of MCP-Bench's own executor
(agent/executor.py `TaskExecutor.execute`, unchanged) for each of the 104 messy planner scripts
(test/support/messy-planner-scripts.ts), which the released-code planner, with the planner's templates, must
reproduce; and benchmark/evaluator.py's schema compliance of each call on its arguments as the model wrote them
(`_check_schema_compliance`, and the task's `input_schema_compliance` from `_calculate_tool_accuracy_metrics`).

    python3 scripts/mcp-bench-executor-conformance.py /work/.mirror/Accenture+mcp-bench/repo
    python3 scripts/mcp-bench-executor-conformance.py --synthetic /work/.mirror/Accenture+mcp-bench/repo

The first writes executor-expected.json from MCP-Bench's code as it is; its request hashes can only be checked
where MCP-Bench's templates are at hand (templates.local.json, see mcp-bench-judge-conformance.py). With
--synthetic, the export's wording is swapped for made-up words first (scripts/mcp-bench-synthetic.py) and the
file is executor-expected.synthetic.json, checked against the committed templates.synthetic.json, which must
come from the same swap (the same key): scripts/mcp-bench-synthetic-conformance.sh runs both scripts so.

The stand-ins are those of scripts/mcp-bench-conformance.py: a model that replays the script to planning and
format-fix requests (told apart by their system message, from the templates; MCP-Bench's own JSON reader reads
the replies; the reply is stripped, as llm/provider.py strips it) and answers anything else with a fixed text,
and servers whose tools answer with their arguments (compact JSON). The catalog is keyed `server:tool` with this project's
server keys, as the planner shows it, so the config's `sequential_only_tools` (`Google Maps:<tool>`) are given as
`google-maps:<tool>`. Each request the executor sends is kept as the SHA-256 of (system, user, max_tokens): the
file holds tool names, arguments, round numbers and hashes, nothing of MCP-Bench's.
"""
import asyncio
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, '..')
FIXTURES = os.path.join(ROOT, 'test', 'fixtures', 'mcp-bench-conformance')
sys.path.insert(0, HERE)
conformance = __import__('mcp-bench-conformance')

STOP = json.dumps({'reasoning': 'script ended', 'should_continue': False, 'planned_tools': []})


def digest(system: str, user: str, max_tokens) -> str:
    return hashlib.sha256(f'{system}\n\x00\n{user}\n\x00\n{max_tokens}'.encode('utf-8')).hexdigest()


class ScriptedLLM:
    """Replays the script to planning and format-fix requests; anything else gets a fixed answer."""

    def __init__(self, provider_cls, replies, planner):
        self.replies = list(replies)
        self.reader = provider_cls.__new__(provider_cls)
        self.requests = []
        self.planning = re.compile(re.escape(planner['planningSystem']).replace(re.escape('{{ROUND}}'), r'\d+') + r'\Z')
        self.format_fix = planner['formatFixSystem']

    def clean_and_parse_json(self, raw):
        return self.reader.clean_and_parse_json(raw)

    async def get_completion(self, system_prompt, user_prompt, max_tokens, return_usage=False):
        self.requests.append(digest(system_prompt, user_prompt, max_tokens))
        if os.environ.get('SHOW_REQUESTS'):  # to see where this project's planner parts ways: never written to a file here
            sys.stderr.write(json.dumps([system_prompt, user_prompt, max_tokens]) + '\n')
        scripted = self.planning.match(system_prompt) or system_prompt == self.format_fix
        reply = ((self.replies.pop(0) if self.replies else STOP) if scripted else 'final answer').strip()
        return (reply, {'completion_tokens': 0, 'prompt_tokens': 0, 'total_tokens': 0}) if return_usage else reply


class EchoServers(conformance.StandInServers):
    """Every tool answers with its arguments as compact JSON, as the test's stand-in servers (JSON.stringify) do.

    Between the planner and a server this project has its recorder, MCP-Bench the MCP client: parameters that are
    no JSON object (a string, null, a list) reach the server as the recorder makes them (`odd`: null as {}, JSON
    text parsed) or fail with the recorder's message, as they fail in the test. Only the environment is made the
    same so; the executor's own code runs unchanged."""

    def __init__(self, tools, odd):
        super().__init__(tools)
        self.odd = odd

    async def call_tool(self, name, params):
        if not isinstance(params, dict):
            made = self.odd[json.dumps(params, separators=(',', ':'), ensure_ascii=False)]
            if made.get('argsError'):
                qualified = f"{self.all_tools[name]['server']}__{name.split(':', 1)[1]}"
                result = conformance.Result(f"Arguments for {qualified} are invalid: {made['argsError']}")
                result.isError = True
                return result
            params = made['args']
        # JSON between this project's recorder and a server carries no float kind: 3.0 arrives as 3.
        return conformance.Result(json.dumps(as_js_numbers(params), separators=(',', ':'), ensure_ascii=False))


def as_js_numbers(value):
    """The value as JavaScript's JSON.parse would give it back: whole floats become ints."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e16:
        return int(value)
    if isinstance(value, list):
        return [as_js_numbers(v) for v in value]
    if isinstance(value, dict):
        return {k: as_js_numbers(v) for k, v in value.items()}
    return value


def main() -> None:
    args = [a for a in sys.argv[1:] if a != '--synthetic']
    synthetic = len(args) != len(sys.argv) - 1
    if len(args) != 1:
        sys.exit(__doc__)
    root, commit = conformance.export_mirror(args[0])
    if synthetic:
        if not os.environ.get('MCP_BENCH_SYNTHETIC_KEY'):
            sys.exit('--synthetic needs the made-up words of templates.synthetic.json: run scripts/mcp-bench-synthetic-conformance.sh')
        __import__('mcp-bench-synthetic').swap_wording(root)
        templates = json.load(open(os.path.join(FIXTURES, 'templates.synthetic.json')))
    else:
        templates = json.loads(subprocess.run([sys.executable, os.path.join(ROOT, 'src', 'import', 'mcp-bench-templates.py'), root], capture_output=True, text=True, check=True).stdout)
    cases_file = os.path.join(tempfile.mkdtemp(prefix='executor-cases-'), 'cases.json')
    subprocess.run(['npx', 'tsx', os.path.join(HERE, 'mcp-bench-executor-cases.ts'), cases_file], cwd=ROOT, check=True)
    loaded = json.load(open(cases_file))
    cases, odd = loaded['cases'], dict(loaded['oddParameters'])

    sys.path.insert(0, root)
    os.chdir(root)
    import logging
    logging.disable(logging.CRITICAL)
    conformance.install_stand_ins()
    from llm.provider import LLMProvider
    import agent.executor as executor_module
    import config.config_loader as config_loader
    from benchmark.evaluator import TaskEvaluator
    evaluator = TaskEvaluator.__new__(TaskEvaluator)

    released = config_loader.get_sequential_only_tools()
    renamed = [f"google-maps:{name.split(':', 1)[1]}" for name in released if name.startswith('Google Maps:')]
    if len(renamed) != len(released):
        sys.exit(f'sequential_only_tools names a server other than Google Maps: {released}')
    executor_module.config_loader.get_sequential_only_tools = lambda: renamed

    out = []
    for case in cases:
        if os.environ.get('SHOW_REQUESTS') and case['id'] != os.environ['SHOW_REQUESTS']:
            continue
        tools = {f"{t['server']}:{t['tool']}": {'server': t['server'], 'description': t['description'], 'input_schema': t.get('inputSchema') or {}} for t in case['tools']}
        llm = ScriptedLLM(LLMProvider, case['replies'], templates['planner'])
        executor = executor_module.TaskExecutor(llm, EchoServers(tools, odd))
        result = asyncio.run(executor.execute('scripted task'))
        out.append({
            'id': case['id'],
            'total_rounds': result['total_rounds'],
            'calls': [[r['round_num'], r['tool'] if isinstance(r['tool'], str) else str(r['tool']), r['parameters']] for r in result['execution_results']],
            'schemaCompliant': [evaluator._check_schema_compliance(r['tool'], r['parameters'], tools) if r['tool'] in tools else None for r in result['execution_results']],
            'inputSchemaCompliance': evaluator._calculate_tool_accuracy_metrics(result['execution_results'], tools, 1.0)['input_schema_compliance'],
            'requests': llm.requests,
        })
    expected = {
        'generatedBy': 'scripts/mcp-bench-executor-conformance.py',
        'source': {'repository': 'github.com/Accenture/mcp-bench', 'commit': commit},
        'wording': 'synthetic' if synthetic else 'mcp-bench',
        'python': sys.version.split()[0],
        'sequentialOnlyTools': renamed,
        'cases': out,
    }
    name = 'executor-expected.synthetic.json' if synthetic else 'executor-expected.json'
    with open(os.path.join(FIXTURES, name), 'w') as f:
        json.dump(expected, f, indent=1)
        f.write('\n')
    print(f'wrote {name} from mcp-bench {commit}: {len(out)} runs, {sum(len(c["calls"]) for c in out)} calls, {sum(len(c["requests"]) for c in out)} requests')


if __name__ == '__main__':
    main()
