#!/usr/bin/env python3
"""Regenerates test/fixtures/mcp-bench-conformance/expected.json by running MCP-Bench's own code.

    python3 scripts/mcp-bench-conformance.py /work/.mirror/Accenture+mcp-bench/repo

The argument is a bare git directory of github.com/Accenture/mcp-bench (or a checkout of it). Its HEAD is
exported to a temporary directory and imported from there; nothing of MCP-Bench is copied into this
repository. What runs, unchanged:

- benchmark/evaluator.py: TaskEvaluator._calculate_tool_accuracy_metrics, TaskEvaluator._check_schema_compliance
  (python-jsonschema) and LLMJudge._calculate_average_scores;
- llm/provider.py: LLMProvider.clean_and_parse_json, which reads each judge reply and each plan;
- benchmark/results_aggregator.py: ResultsAggregator.aggregate_model_results;
- agent/executor.py: TaskExecutor.execute, on scripted planner replies, with a stand-in server manager whose
  tools succeed and a stand-in model that replays the script (mcp_modules/connector.py builds the
  prompt's tool list; the packages it needs only for real connections, mcp and aiohttp, are stand-ins).

Python packages: Debian's python3-jsonschema and python3-yaml. json_repair (not packaged by Debian) is
only a fallback of clean_and_parse_json for broken JSON, which the fixtures never send; a stand-in that
raises is put in its place so that a fixture needing it fails loudly.
"""
import asyncio
import io
import json
import logging
import os
import subprocess
import sys
import tarfile
import tempfile
import types
from importlib.metadata import version

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, '..', 'test', 'fixtures', 'mcp-bench-conformance')


def export_mirror(path: str) -> tuple[str, str]:
    """The mirror's HEAD as files in a temporary directory, and its commit."""
    git_dir = path if os.path.exists(os.path.join(path, 'HEAD')) and not os.path.exists(os.path.join(path, '.git')) else os.path.join(path, '.git')
    commit = subprocess.check_output(['git', f'--git-dir={git_dir}', 'rev-parse', 'HEAD'], text=True).strip()
    archive = subprocess.check_output(['git', f'--git-dir={git_dir}', 'archive', 'HEAD', 'agent', 'benchmark', 'config', 'llm', 'mcp_modules', 'utils'], stderr=subprocess.DEVNULL)
    out = tempfile.mkdtemp(prefix='mcp-bench-')
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(out)
    return out, commit


def stub_module(name: str, **attrs) -> None:
    module = types.ModuleType(name)
    module.__dict__.update(attrs)
    sys.modules[name] = module


def install_stand_ins() -> None:
    def no_repair(text):
        raise RuntimeError(f'json_repair was needed for {text[:80]!r}: the fixture must send valid JSON')
    stub_module('json_repair', loads=no_repair)
    # The executor imports the server manager (whose connections the stand-in below replaces) and the
    # connector, whose format_tools_for_prompt builds the planner prompt and runs as it is; the packages
    # they import for real connections are never used here.
    stub_module('aiohttp')
    stub_module('mcp', ClientSession=object, StdioServerParameters=object)
    stub_module('mcp_modules.server_manager_persistent', PersistentMultiServerManager=object)


class ScriptedLLM:
    """Replays planner replies; the final synthesis gets a fixed answer. Uses MCP-Bench's own JSON reader."""

    def __init__(self, provider_cls, replies):
        self.replies = list(replies)
        self.reader = provider_cls.__new__(provider_cls)
        self.prompts = []

    def clean_and_parse_json(self, raw):
        return self.reader.clean_and_parse_json(raw)

    async def get_completion(self, system_prompt, user_prompt, max_tokens, return_usage=False):
        self.prompts.append(system_prompt)
        if 'planner' in system_prompt or 'JSON format corrector' in system_prompt:
            reply = self.replies.pop(0) if self.replies else json.dumps({'reasoning': 'script ended', 'should_continue': False, 'planned_tools': []})
        else:
            reply = 'final answer'
        return (reply, {'completion_tokens': 0, 'prompt_tokens': 0, 'total_tokens': 0}) if return_usage else reply


class Text:
    def __init__(self, text):
        self.text = text


class Result:
    def __init__(self, text):
        self.content = [Text(text)]
        self.isError = False


class StandInServers:
    """Every tool of the fixture catalog answers with its arguments; unknown tools never reach it."""

    def __init__(self, tools):
        self.all_tools = tools

    async def call_tool(self, name, params):
        return Result(json.dumps(params))


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root, commit = export_mirror(sys.argv[1])
    sys.path.insert(0, root)
    os.chdir(root)  # config_loader reads config/benchmark_config.yaml relative to the working directory
    logging.disable(logging.CRITICAL)
    install_stand_ins()
    from benchmark.evaluator import LLMJudge, TaskEvaluator
    from benchmark.results_aggregator import ResultsAggregator
    from llm.provider import LLMProvider
    from agent.executor import TaskExecutor

    cases = json.load(open(os.path.join(FIXTURES, 'cases.json')))
    tools = cases['tools']
    evaluator = TaskEvaluator.__new__(TaskEvaluator)
    judge = LLMJudge.__new__(LLMJudge)
    reader = LLMProvider.__new__(LLMProvider)

    tasks, results = [], []
    for task in cases['tasks']:
        calls = task['calls']
        per_call = [evaluator._check_schema_compliance(c['tool'], c['parameters'], tools) if c['tool'] in tools else None for c in calls]
        metrics = evaluator._calculate_tool_accuracy_metrics(calls, tools, 1.0)
        samples = [reader.clean_and_parse_json(text) for text in task['judge']]
        averaged = judge._calculate_average_scores(samples)
        fields = ['task_fulfillment', 'grounding', 'tool_appropriateness', 'parameter_accuracy', 'dependency_awareness', 'parallelism_and_efficiency',
                  'task_completion_score', 'tool_selection_score', 'planning_effectiveness_and_efficiency_score']
        tasks.append({
            'id': task['id'],
            'schemaCompliantPerCall': per_call,
            'metrics': {k: metrics[k] for k in ('input_schema_compliance', 'valid_tool_name_rate', 'execution_success_rate', 'valid_call_failure_rate')},
            'judge': {k: averaged[k] for k in fields},
        })
        servers = {c['server'] for c in calls if c.get('server')}
        results.append({
            'status': task['status'], 'execution_time': 1.0, 'total_rounds': 1, 'execution_results': calls,
            'evaluation': {**averaged, **metrics, 'server_utilization_metrics': {'server_count': len(servers), 'cross_server_coordination': len(servers) > 1}},
        })
    aggregate = ResultsAggregator().aggregate_model_results(results)

    runs = []
    math_tools = {name: {'server': 'math', 'description': name, 'input_schema': {}} for name in ('math__add', 'math__multiply')}
    for run in cases['executor']:
        executor = TaskExecutor(ScriptedLLM(LLMProvider, run['replies']), StandInServers(math_tools))
        out = asyncio.run(executor.execute('scripted task'))
        runs.append({
            'id': run['id'],
            'total_rounds': out['total_rounds'],
            'calls': [[r['round_num'], r['tool'], r['parameters']] for r in out['execution_results']],
        })

    expected = {
        'generatedBy': 'scripts/mcp-bench-conformance.py',
        'source': {'repository': 'github.com/Accenture/mcp-bench', 'commit': commit},
        'python': sys.version.split()[0],
        'jsonschema': version('jsonschema'),
        'tasks': tasks,
        'aggregate': {k: aggregate[k] for k in ('task_statistics', 'llm_judge_metrics', 'accuracy_metrics')},
        'executor': runs,
    }
    with open(os.path.join(FIXTURES, 'expected.json'), 'w') as f:
        json.dump(expected, f, indent=1)
        f.write('\n')
    print(f'wrote expected.json from mcp-bench {commit}')


if __name__ == '__main__':
    main()
