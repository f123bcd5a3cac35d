#!/usr/bin/env python3
"""Reads the judge's and the planner's prompt templates out of a user's MCP-Bench checkout.

    python3 mcp-bench-templates.py <checkout>      # prints one JSON object on stdout

`mcp-bench import --mcp-bench-dir <checkout>` runs this and stores the result with the imported suite, so
that in `released-code` mode the judge and the planner use MCP-Bench's own wording. This package carries
none of that wording: every string below is found by running the checkout's own prompt builders
(benchmark/evaluator.py, agent/executor.py) on sentinel values and reading where the sentinels land.
Shuffles are made the identity while a builder runs, and the builder's list of prompt parts is read at its
return (sys.settrace), so the parts come out exactly as the builder made them, in its order.

Needs python3 and python3-yaml (the checkout's config loader reads YAML); the packages MCP-Bench imports
for live connections (mcp, aiohttp) and json_repair are replaced by empty stand-ins: nothing here
connects anywhere or repairs JSON. Any shape this script does not recognise stops it with a message on
stderr and exit code 1; the import then says the judge keeps this project's wording.
"""
import asyncio
import json
import logging
import os
import subprocess
import sys
import types

S = '\u27e6{}\u27e7'  # sentinel: ⟦NAME⟧


def sentinel(name: str) -> str:
    return S.format(name)


def fail(message: str) -> None:
    sys.stderr.write(f'mcp-bench-templates: {message}\n')
    sys.exit(1)


def stub_module(name: str, **attrs) -> None:
    if name in sys.modules:
        return
    module = types.ModuleType(name)
    module.__dict__.update(attrs)
    sys.modules[name] = module


def capture_locals(function, names, call):
    """Runs call() and returns the given locals of `function`'s frame at its return."""
    code = function.__code__
    seen = {}

    def tracer(frame, event, arg):
        if frame.f_code is code:
            def local(frame, event, arg):
                if event == 'return':
                    for n in names:
                        if n in frame.f_locals:
                            seen[n] = frame.f_locals[n]
                return local
            return local
        return None

    sys.settrace(tracer)
    try:
        result = call()
    finally:
        sys.settrace(None)
    return result, seen


class Identity:
    """random.shuffle that leaves the list as it is."""

    @staticmethod
    def shuffle(items):
        return None


def placeholders(text: str, mapping: dict) -> str:
    for value, name in mapping.items():
        text = text.replace(value, '{{' + name + '}}')
    return text


def judge_templates(evaluator_module):
    LLMJudge = evaluator_module.LLMJudge
    judge = LLMJudge.__new__(LLMJudge)
    LLMJudge.__init__(judge, llm_provider=None, enable_judge_stability=True)
    real_dimensions = judge.evaluation_dimensions
    dimensions = [
        {'name': main, 'subDimensions': [{'name': sub, 'bands': [[r, d] for r, d in bands.items()]} for sub, bands in subs.items()]}
        for main, subs in real_dimensions.items()
    ]

    evaluator_module.random = Identity  # the builder's shuffles keep the order it is given
    values = {
        sentinel('TASK'): 'TASK', sentinel('CONCRETE'): 'CONCRETE', sentinel('FINAL_SOLUTION'): 'FINAL_SOLUTION',
        sentinel('TOTAL_ROUNDS'): 'TOTAL_ROUNDS', sentinel('EXECUTION_SUMMARY'): 'EXECUTION_SUMMARY', sentinel('TOOLS'): 'TOOLS',
        '987654321': 'TOOL_COUNT',
    }

    class SentinelTools(dict):
        def __len__(self):
            return 987654321

    judge._format_available_tools = lambda tools: sentinel('TOOLS')
    # Two main dimensions of two sub-dimensions of two bands each: each repeated part, and where the index goes.
    judge.evaluation_dimensions = {
        sentinel(f'M{m}'): {sentinel(f'M{m}S{s}'): {sentinel(f'M{m}S{s}R{b}'): sentinel(f'M{m}S{s}D{b}') for b in range(2)} for s in range(2)}
        for m in range(2)
    }

    def build(concrete):
        out, seen = capture_locals(LLMJudge._generate_randomized_prompt, ['prompt_parts'], lambda: judge._generate_randomized_prompt(
            sentinel('TASK'), sentinel('FINAL_SOLUTION'), sentinel('EXECUTION_SUMMARY'), sentinel('TOTAL_ROUNDS'), SentinelTools(),
            sentinel('CONCRETE') if concrete else None, None))
        parts = seen.get('prompt_parts')
        if not isinstance(parts, list) or '\n'.join(parts) != out:
            fail('LLMJudge._generate_randomized_prompt does not join a list named prompt_parts with newlines: a shape this import does not know')
        return parts

    def split(parts):
        first = next((i for i, p in enumerate(parts) if sentinel('M0') in p), None)
        if first is None:
            fail('the judge prompt has no rubric where the import looks for it')
        return parts[:first], parts[first:]

    head_concrete, rest = split(build(True))
    head_plain, rest_plain = split(build(False))
    if rest != rest_plain:
        fail('the rubric or the closing part of the judge prompt depends on the concrete task: a shape this import does not know')
    rubric = rest

    # The rubric's parts: a heading per main dimension, a line per sub-dimension, a line per band, then what follows a sub-dimension.
    heading_at = [i for i, p in enumerate(rubric) if sentinel('M0') in p and sentinel('M0S') not in p]
    sub_at = [i for i, p in enumerate(rubric) if sentinel('M0S0') in p and sentinel('M0S0R') not in p and sentinel('M0S0D') not in p]
    band_at = [i for i, p in enumerate(rubric) if sentinel('M0S0R0') in p]
    sub1_at = [i for i, p in enumerate(rubric) if sentinel('M0S1') in p and 'R' not in p.split(sentinel('M0S1'))[1][:1]]
    m1_at = [i for i, p in enumerate(rubric) if sentinel('M1') in p and sentinel('M1S') not in p]
    if not (len(heading_at) == 1 and len(sub_at) == 1 and len(band_at) == 1 and sub1_at and m1_at):
        fail('the rubric section has parts the import cannot place')
    h, s, b = heading_at[0], sub_at[0], band_at[0]
    band1 = b + 1
    sub_end = rubric[band1 + 1:sub1_at[0]]
    last_band = next((i for i, p in enumerate(rest) if sentinel('M1S1R1') in p), None)
    if last_band is None:
        fail('the rubric section has parts the import cannot place')
    rubric, tail = rest[:last_band + 1 + len(sub_end)], rest[last_band + 1 + len(sub_end):]
    between_mains = rubric[sub1_at[0] + 3 + len(sub_end):m1_at[0]]
    if between_mains:
        fail('there is text between two main dimensions of the rubric that the import cannot place')
    before_sub = rubric[h + 1:s]
    heading = [placeholders(p, {sentinel('M0'): 'DIMENSION'}) for p in rubric[:h + 1]] + before_sub
    sub0 = placeholders(rubric[s], {sentinel('M0S0'): 'SUBDIMENSION'})
    sub1 = placeholders(rubric[sub1_at[0]], {sentinel('M0S1'): 'SUBDIMENSION'})
    diff = [i for i, (x, y) in enumerate(zip(sub0, sub1)) if x != y]
    if len(sub0) != len(sub1) or len(diff) != 1 or (sub0[diff[0]], sub1[diff[0]]) != ('1', '2'):
        fail('the sub-dimension line does not number its entries as the import expects')
    sub = sub0[:diff[0]] + '{{INDEX}}' + sub0[diff[0] + 1:]
    band = placeholders(rubric[b], {sentinel('M0S0R0'): 'RANGE', sentinel('M0S0D0'): 'TEXT'})
    # Check: the parts rebuilt from the patterns give the builder's own rubric back.
    rebuilt = []
    for m in range(2):
        rebuilt += [p.replace('{{DIMENSION}}', sentinel(f'M{m}')) for p in heading]
        for si in range(2):
            rebuilt.append(sub.replace('{{INDEX}}', str(si + 1)).replace('{{SUBDIMENSION}}', sentinel(f'M{m}S{si}')))
            for bi in range(2):
                rebuilt.append(band.replace('{{RANGE}}', sentinel(f'M{m}S{si}R{bi}')).replace('{{TEXT}}', sentinel(f'M{m}S{si}D{bi}')))
            rebuilt += sub_end
    if rebuilt != rubric:
        fail('the rubric rebuilt from its patterns differs from what the builder wrote')

    judge.evaluation_dimensions = real_dimensions
    system = capture_system_prompt(judge)
    return {
        'system': system,
        'headConcrete': [placeholders(p, values) for p in head_concrete],
        'headPlain': [placeholders(p, values) for p in head_plain],
        'dimensionHeading': heading,
        'subDimension': sub,
        'band': band,
        'afterSubDimension': sub_end,
        'tail': [placeholders(p, values) for p in tail],
        'dimensions': dimensions,
        'summary': summary_templates(judge),
        'tools': tools_templates(judge),
    }


def capture_system_prompt(judge):
    """The system message the judge's samples are sent with (the stability path, five shuffled samples)."""
    sent = []

    class LLM:
        async def get_completion(self, system_prompt, user_prompt, max_tokens):
            sent.append(system_prompt)
            return '{}'

        def clean_and_parse_json(self, text):
            return {}

    judge.llm = LLM()
    judge.enable_judge_stability = True
    try:
        asyncio.run(judge._perform_evaluation('t', 's', 'e', 1, {}, None, None))
    except Exception:
        pass
    if not sent or len(set(sent)) != 1:
        fail('could not capture the system message of the judge requests')
    return sent[0]


def summary_templates(judge):
    """_create_execution_summary: the statistics line and the accumulated information after it."""
    fn = type(judge)._create_execution_summary
    ok, failed = 1234, 567
    results = [{'success': True, 'tool': sentinel(f'OK{i}')} for i in range(ok)] + [{'success': False, 'tool': sentinel(f'FAIL{i}')} for i in range(failed)]
    out, seen = capture_locals(fn, ['summary_parts', 'execution_stats'], lambda: judge._create_execution_summary(results, sentinel('TOTAL_ROUNDS'), sentinel('ACCUMULATED')))
    parts, stats = seen.get('summary_parts'), seen.get('execution_stats')
    if not isinstance(parts, list) or not isinstance(stats, str) or len(parts) < 2:
        fail('_create_execution_summary has a shape the import does not know')
    separator = stats[len(parts[0]):stats.index(parts[1], len(parts[0]))]
    if separator.join(parts) != stats:
        fail('_create_execution_summary does not join its parts with one separator')
    numbers = {sentinel('TOTAL_ROUNDS'): 'TOTAL_ROUNDS', str(ok + failed): 'CALLS', str(ok): 'SUCCEEDED', str(failed): 'FAILED'}
    ok_names = ', '.join(sentinel(f'OK{i}') for i in range(ok))
    name_separator = ok_names[len(sentinel('OK0')):len(sentinel('OK0')) + 2]
    joined_ok = name_separator.join(sentinel(f'OK{i}') for i in range(ok))
    joined_failed = name_separator.join(sentinel(f'FAIL{i}') for i in range(failed))
    counts, succeeded, failed_line = [], None, None
    for p in parts:
        if joined_ok in p:
            succeeded = p.replace(joined_ok, '{{NAMES}}')
        elif joined_failed in p:
            failed_line = p.replace(joined_failed, '{{NAMES}}')
        else:
            counts.append(placeholders(p, numbers))
    if succeeded is None or failed_line is None:
        fail('_create_execution_summary does not list tool names as the import expects')
    accumulated = out.replace(stats, '{{STATS}}').replace(sentinel('ACCUMULATED'), '{{ACCUMULATED}}')
    empty_out, empty_seen = capture_locals(fn, ['summary_parts'], lambda: judge._create_execution_summary([], 1, None))
    # The parts with one success and no failure: which parts appear only when there are names to list.
    one, one_seen = capture_locals(fn, ['summary_parts'], lambda: judge._create_execution_summary([{'success': True, 'tool': 'x'}], 1, None))
    if len(one_seen.get('summary_parts', [])) != len(counts) + 1:
        fail('_create_execution_summary lists an empty group of tool names: a shape the import does not know')
    return {
        'empty': empty_out,
        'counts': counts,
        'succeeded': succeeded,
        'failed': failed_line,
        'separator': separator,
        'nameSeparator': name_separator,
        'accumulated': accumulated,
    }


def tools_templates(judge):
    """_format_available_tools: a heading per server, a line per tool, the description cut."""
    fmt = type(judge)._format_available_tools
    empty = fmt(judge, {})
    long = 'x' * 100000
    one = fmt(judge, {sentinel(f'NAME{i}'): {'server': sentinel('SERVER'), 'description': sentinel('DESCRIPTION')} for i in range(7)})
    lines = one.split('\n')
    if len(lines) != 8:
        fail('_format_available_tools writes a server with seven tools in other than eight lines')
    heading = lines[0].replace(sentinel('SERVER'), '{{SERVER}}')
    if heading.count('7') != 1:
        fail('the server heading of the tool list does not show its count as the import expects')
    heading = heading.replace('7', '{{COUNT}}')
    tool_line = placeholders(lines[1], {sentinel('NAME0'): 'NAME', sentinel('DESCRIPTION'): 'DESCRIPTION'})
    cut = fmt(judge, {'n': {'server': 's', 'description': long}}).split('\n')[1]
    kept = cut.count('x')
    suffix = cut[cut.rindex('x') + 1:]
    before = tool_line.split('{{DESCRIPTION}}')[0].replace('{{NAME}}', 'n')
    missing_text = fmt(judge, {'n': {'server': 's', 'description': None}}).split('\n')[1][len(before):]
    # Two servers of two tools: checks the layout the renderer assumes (servers sorted, a blank line between).
    two = fmt(judge, {f'{s}{t}': {'server': s, 'description': 'd'} for s in ('b', 'a') for t in (1, 2)})
    def line(name):
        return tool_line.replace('{{NAME}}', name).replace('{{DESCRIPTION}}', 'd')
    expected = '\n'.join([heading.replace('{{SERVER}}', 'a').replace('{{COUNT}}', '2'), line('a1'), line('a2'), '',
                          heading.replace('{{SERVER}}', 'b').replace('{{COUNT}}', '2'), line('b1'), line('b2')])
    if two != expected:
        fail('the tool list does not lay out servers as the import expects')
    return {
        'empty': empty,
        'server': heading,
        'tool': tool_line,
        'descriptionLimit': kept,
        'descriptionCut': suffix,
        'missingDescription': missing_text,
    }


def executor_templates(executor_module):
    """agent/executor.py: the round summary lines of the accumulated information, and the unknown-tool error."""
    TaskExecutor = executor_module.TaskExecutor
    ex = TaskExecutor.__new__(TaskExecutor)
    ex.execution_results, ex.accumulated_information, ex.accumulated_information_uncompressed = [], '', ''
    ex.concurrent_summarization = False
    results = [
        {'tool': sentinel('TOOL'), 'server': sentinel('SERVER'), 'parameters': {'k': 1}, 'success': True, 'result': sentinel('RESULT')},
        {'tool': sentinel('TOOL'), 'server': sentinel('SERVER'), 'parameters': {'k': 1}, 'success': False, 'error': sentinel('ERROR')},
    ]
    asyncio.run(ex._update_state(results, 987654321))
    text = ex.accumulated_information
    lines = text.split('\n')
    ok_line = next(l for l in lines if sentinel('RESULT') in l)
    err_line = next(l for l in lines if sentinel('ERROR') in l)
    header_end = text.index(ok_line)
    header = text[:header_end].replace('987654321', '{{ROUND}}')
    values = {sentinel('TOOL'): 'TOOL', sentinel('SERVER'): 'SERVER', "{'k': 1}": 'PARAMETERS'}
    ok = placeholders(ok_line, {**values, sentinel('RESULT'): 'CONTENT'})
    err = placeholders(err_line, {**values, sentinel('ERROR'): 'CONTENT'})
    if '{{PARAMETERS}}' not in ok or text != header.replace('{{ROUND}}', '987654321') + ok_line + '\n' + err_line + '\n':
        fail('the round summary of agent/executor.py has a shape the import does not know')

    # Long results and errors: the agent's summary, cut (or, when summarising fails, the content cut).
    big = 'y' * 100000
    tokens = str(len(big) // 4)
    long_values = {**values, tokens: 'TOKENS'}

    def long_lines(summarise):
        ex._summarize_content = summarise
        ex.accumulated_information = ''
        asyncio.run(ex._update_state([
            {'tool': sentinel('TOOL'), 'server': sentinel('SERVER'), 'parameters': {'k': 1}, 'success': True, 'result': big},
            {'tool': sentinel('TOOL'), 'server': sentinel('SERVER'), 'parameters': {'k': 1}, 'success': False, 'error': big},
        ], 1))
        found = [l for l in ex.accumulated_information.split('\n') if sentinel('TOOL') in l]
        if len(found) != 2:
            fail('long results are not written in the round summary as the import expects')
        return [placeholders(l, long_values) for l in found]

    async def summary(content, kind):
        return sentinel('SUMMARY')

    async def no_summary(content, kind):
        raise RuntimeError('stand-in: summarising failed')

    summarised = [l.replace(sentinel('SUMMARY'), '{{CONTENT}}') for l in long_lines(summary)]
    truncated = []
    for line in long_lines(no_summary):
        ys = line.count('y')
        start = line.index('y')
        truncated.append((line[:start] + '{{CONTENT}}' + line[start + ys:], ys))

    import config.config_loader as config_loader
    config = {
        'summaryThresholdTokens': config_loader.get_content_summary_threshold(),
        'resultCut': config_loader.get_content_truncate_length(),
        'errorCut': config_loader.get_error_truncate_length(),
        'maxRounds': config_loader.get_max_execution_rounds(),
        'planningTokens': config_loader.get_planning_tokens(),
        'sequentialOnlyTools': list(config_loader.get_sequential_only_tools() or []),
    }
    if truncated[0][1] != config['resultCut'] or truncated[1][1] != config['errorCut']:
        fail('the cut of unsummarised results does not follow the configured lengths')

    # The error for a tool that is not in the catalog.
    ex.all_tools = {}
    out = asyncio.run(TaskExecutor._execute_planned_tools(ex, [{'tool': sentinel('TOOL'), 'parameters': {}}], 1))
    unknown = placeholders(out[0].get('error', ''), {sentinel('TOOL'): 'TOOL'})
    return {
        'roundHeader': header,
        'succeeded': ok,
        'failed': err,
        'succeededSummarised': summarised[0],
        'failedSummarised': summarised[1],
        'succeededTruncated': truncated[0][0],
        'failedTruncated': truncated[1][0],
        'unknownTool': unknown,
        'unknownToolServer': 'unknown',
        'config': config,
    }


class CaptureLLM:
    """A stand-in model that records each request (system, user, max_tokens) and answers with `reply`."""

    def __init__(self, reply='{}', fail=None):
        self.sent, self.reply, self.fail = [], reply, fail

    async def get_completion(self, system_prompt, user_prompt, max_tokens, return_usage=False):
        self.sent.append((system_prompt, user_prompt, max_tokens))
        if self.fail:
            raise RuntimeError(self.fail)
        return (self.reply, {}) if return_usage else self.reply

    def clean_and_parse_json(self, text):
        return json.loads(text)


class Patched:
    """Sets attributes for the time of a `with` block, and puts the old values back."""

    def __init__(self, target, **values):
        self.target, self.values, self.old = target, values, {}

    def __enter__(self):
        for k, v in self.values.items():
            self.old[k] = getattr(self.target, k)
            setattr(self.target, k, v)

    def __exit__(self, *exc):
        for k, v in self.old.items():
            setattr(self.target, k, v)


def one_request(llm, what):
    if len(llm.sent) != 1:
        fail(f'{what} sent {len(llm.sent)} requests where the import expects one')
    return llm.sent[0]


def planner_templates(executor_module):
    """agent/executor.py's planner: its prompts (planning, format fix, summary, compression, final answer) and its tool list."""
    TaskExecutor = executor_module.TaskExecutor
    config = executor_module.config_loader
    connector = executor_module.MCPConnector
    LLMProvider = executor_module.LLMProvider

    def executor(llm=None, tools=None, accumulated='', results=()):
        ex = TaskExecutor.__new__(TaskExecutor)
        ex.llm, ex.all_tools = llm, tools or {}
        ex.execution_results, ex.accumulated_information, ex.accumulated_information_uncompressed = list(results), accumulated, accumulated
        ex.concurrent_summarization, ex._last_planning_info = False, None
        ex._total_planned_tools = ex._valid_planned_tools = 0
        ex.total_output_tokens = ex.total_prompt_tokens = ex.total_tokens = 0
        return ex

    # The tool list (mcp_modules/connector.py format_tools_for_prompt): one block per tool, joined with nothing.
    def block(schema):
        return connector.format_tools_for_prompt({sentinel('NAME'): {'server': sentinel('SERVER'), 'description': sentinel('DESCRIPTION'), 'input_schema': schema}})
    schema = {'k': sentinel('SCHEMA')}
    schema_text = json.dumps(schema, indent=2)
    with_schema, without_schema = block(schema), block({})
    if schema_text not in with_schema or connector.format_tools_for_prompt({}) != '':
        fail('format_tools_for_prompt has a shape the import does not know')
    tool_values = {sentinel('NAME'): 'NAME', sentinel('SERVER'): 'SERVER', sentinel('DESCRIPTION'): 'DESCRIPTION'}
    tool_schema = placeholders(with_schema.replace(schema_text, '{{SCHEMA}}'), tool_values)
    tool_plain = placeholders(without_schema, tool_values)
    two = connector.format_tools_for_prompt({'a': {'server': 's', 'description': 'd', 'input_schema': {}}, 'b': {'server': 's', 'description': 'e', 'input_schema': schema}})
    expected_two = fill(tool_plain, NAME='a', SERVER='s', DESCRIPTION='d') + fill(tool_schema, NAME='b', SERVER='s', DESCRIPTION='e', SCHEMA=schema_text)
    if two != expected_two:
        fail('format_tools_for_prompt does not join one block per tool')

    # The planning request of a round: system and user prompt, and its max_tokens.
    ROUND, MAX = 987654321, 876543210
    plan = json.dumps({'reasoning': 'r', 'should_continue': False, 'planned_tools': []})
    llm = CaptureLLM(plan)
    with Patched(connector, format_tools_for_prompt=staticmethod(lambda tools: sentinel('TOOLS'))), Patched(config, get_max_execution_rounds=lambda: MAX):
        ex = executor(llm)
        asyncio.run(ex._plan_next_actions(sentinel('TASK'), ROUND))
        first_round = ex._build_execution_summary()
        ex.execution_results, ex.accumulated_information = [{}], sentinel('ACCUMULATED')
        accumulated = ex._build_execution_summary()
        ex.accumulated_information = ''
        nothing_yet = ex._build_execution_summary()
        built = ex._build_planning_prompt(sentinel('TASK'), ROUND, sentinel('SUMMARY'))
    system, user, max_tokens = one_request(llm, 'a planning round')
    plan_values = {sentinel('TASK'): 'TASK', str(ROUND): 'ROUND', sentinel('TOOLS'): 'TOOLS', str(MAX): 'MAX_ROUNDS', sentinel('SUMMARY'): 'SUMMARY'}
    planning = placeholders(built, plan_values)
    if fill(planning, TASK=sentinel('TASK'), ROUND=ROUND, TOOLS=sentinel('TOOLS'), MAX_ROUNDS=MAX, SUMMARY=first_round) != user:
        fail('the planning prompt of a round is not the one _build_planning_prompt writes')
    if max_tokens != config.get_planning_tokens() or '{{ROUND}}' not in placeholders(system, {str(ROUND): 'ROUND'}):
        fail('the planning request has a shape the import does not know')
    if sentinel('ACCUMULATED') not in accumulated or sentinel('ACCUMULATED') in nothing_yet:
        fail('_build_execution_summary has a shape the import does not know')

    # The format fix: its request, and what it gives when the model's fix is no plan either.
    llm = CaptureLLM('[]')
    ex = executor(llm)
    fallback_stop = asyncio.run(ex._fix_invalid_json_format(sentinel('REPLY'), None, 1))
    fix_system, fix_user, fix_tokens = one_request(llm, 'a format fix')
    if fix_tokens != config.get_format_conversion_tokens() or fallback_stop.get('should_continue') is not False or fallback_stop.get('planned_tools') != []:
        fail('_fix_invalid_json_format has a shape the import does not know')

    # Summarising a long result: the request, and what stands in when the request fails.
    THRESHOLD = 765432109
    llm = CaptureLLM(sentinel('SUMMARY'))
    with Patched(config, get_content_summary_threshold=lambda: THRESHOLD):
        ex = executor(llm)
        got = asyncio.run(ex._summarize_content(sentinel('CONTENT')))
    sum_system, sum_user, sum_tokens = one_request(llm, 'a summary')
    if got != sentinel('SUMMARY') or sum_tokens != config.get_summarization_max_tokens():
        fail('_summarize_content has a shape the import does not know')
    failing = CaptureLLM(fail='stand-in: the request failed')
    ex = executor(failing)
    long_content = 'q' * (config.get_content_summary_threshold() + 10)
    failed_summary = asyncio.run(ex._summarize_content(long_content))
    if not failed_summary.startswith('q' * config.get_content_summary_threshold()) or 'q' in failed_summary[config.get_content_summary_threshold():]:
        fail('_summarize_content does not cut the content when the request fails, as the import expects')

    # Compressing the history: the request (model), then the rules when the model does not shorten it.
    TARGET = 4321
    history = sentinel('HISTORY') + 'q' * (TARGET * 4 + 8)
    llm = CaptureLLM(sentinel('COMPRESSED'))
    ex = executor(llm, accumulated=history)
    compressed = asyncio.run(ex.compress_accumulated_information(TARGET))
    comp_system, comp_user, comp_tokens = one_request(llm, 'a compression')
    if not compressed or ex.accumulated_information != sentinel('COMPRESSED') or comp_tokens != TARGET:
        fail('compress_accumulated_information has a shape the import does not know')
    comp_user = comp_user.replace(history, '{{HISTORY}}').replace(str(TARGET), '{{TARGET}}')
    if '{{HISTORY}}' not in comp_user:
        fail('the compression request does not carry the history as the import expects')

    # The final answer.
    llm = CaptureLLM(sentinel('ANSWER'))
    ex = executor(llm, accumulated=sentinel('ACCUMULATED'))
    answer = asyncio.run(ex._synthesize_final_solution(sentinel('TASK'), 987654))
    final_system, final_user, final_tokens = one_request(llm, 'the final answer')
    if answer != sentinel('ANSWER') or final_tokens != config.get_planning_tokens():
        fail('_synthesize_final_solution has a shape the import does not know')

    return {
        'planningSystem': placeholders(system, {str(ROUND): 'ROUND'}),
        'planning': planning,
        'firstRound': first_round,
        'accumulated': accumulated.replace(sentinel('ACCUMULATED'), '{{ACCUMULATED}}'),
        'nothingYet': nothing_yet,
        'tool': tool_plain,
        'toolWithSchema': tool_schema,
        'formatFixSystem': fix_system,
        'formatFix': fix_user.replace(sentinel('REPLY'), '{{REPLY}}'),
        'summarySystem': sum_system,
        'summary': placeholders(sum_user, {sentinel('CONTENT'): 'CONTENT', str(THRESHOLD): 'THRESHOLD'}),
        'summaryFailed': failed_summary[config.get_content_summary_threshold():],
        'compressionSystem': comp_system,
        'compression': comp_user,
        'compressionRules': compression_rules(executor),
        'finalSystem': final_system,
        'final': placeholders(final_user, {sentinel('TASK'): 'TASK', '987654': 'CALLS', sentinel('ACCUMULATED'): 'ACCUMULATED'}),
        'config': {
            'formatFixTokens': config.get_format_conversion_tokens(),
            'summaryTokens': config.get_summarization_max_tokens(),
            'promptCut': config.get_user_prompt_max_length(),
            'tokenReductionFactors': list(config.get_token_reduction_factors()),
            'compressionTargetTokens': compression_target(TaskExecutor),
            'tokenLimitErrors': error_phrases(TaskExecutor._is_token_limit_error, lambda m: TaskExecutor._is_token_limit_error(None, m)),
            'contentFilterErrors': error_phrases(LLMProvider._is_content_filter_error, lambda m: LLMProvider._is_content_filter_error(None, m)),
        },
    }


def compression_rules(executor):
    """_fallback_rule_based_compression: the round marker it splits on and the notes it leaves, checked by running it."""
    def run(text, target):
        ex = executor(accumulated=text)
        ex._fallback_rule_based_compression(target, len(text) // 4)
        return ex.accumulated_information

    # No round marker: a note, then the end of the history.
    simple = run('q' * 400, 10)
    if not simple.endswith('q' * 40) or 'q' in simple[:-40]:
        fail('the rule-based compression of a history without rounds has a shape the import does not know')
    ex = executor()
    asyncio.run(ex._update_state([], 1))
    header = ex.accumulated_information
    if header.count('1') != 1:
        fail('the round header has a shape the import does not know')

    def history(n, filler=''):
        return ''.join(header.replace('1', str(r)) + f'R{r}\n' for r in range(1, n + 1)) + filler
    marker = max((c for c in TaskExecutor_consts(executor) if isinstance(c, str) and len(c.strip()) > 3 and c in header), key=len, default=None)
    if marker is None:
        fail('the rule-based compression splits on no part of the round header')
    # Nine rounds: the first part, a note for rounds 2 to 8, the last two rounds.
    nine = history(9)
    pieces = nine.split(marker)
    tail = '\n\n'.join(marker + p for p in pieces[-2:])
    out = run(nine, 10 ** 6)
    if not out.endswith('\n\n' + tail) or pieces[0].strip() != '':
        fail('the rule-based compression keeps other rounds than the import expects')
    middle = out[:len(out) - len(tail)].strip('\n')
    if middle.count('8') != 1:
        fail('the rule-based compression notes the middle rounds in a way the import does not know')
    # Still too long: the start and the end, a note between.
    whole = run(history(9, 'q' * 4000), 10 ** 6)
    cut = run(history(9, 'q' * 4000), 100)
    if not (cut.startswith(whole[:200]) and cut.endswith(whole[-200:])):
        fail('the rule-based compression cuts a long history in a way the import does not know')
    rules = {'early': simple[:-40], 'marker': marker, 'middle': middle.replace('8', '{{LAST}}'), 'cut': cut[200:-200]}

    def mine(text, target):
        """The rules as the renderer applies them (src/runtime/agents/released-compression.ts)."""
        parts = text.split(rules['marker'])
        if len(parts) <= 1:
            return rules['early'] + text[-target * 4:]
        recent = parts[-2:] if len(parts) > 2 else parts[1:]
        middle_count = len(parts) - 1 - len(recent)
        kept = [parts[0].strip()] + ([rules['middle'].replace('{{LAST}}', str(middle_count + 1))] if middle_count > 0 else [])
        kept += [rules['marker'] + r for r in recent if r.strip()]
        out = '\n\n'.join(kept)
        if len(out) // 4 > target and len(out) > target * 4:
            half = target * 4 // 2
            out = out[:half] + rules['cut'] + out[-half:]
        return out
    for n in (0, 1, 2, 3, 5, 9):
        for filler in ('', 'q' * 5000):
            for target in (10, 100, 10 ** 6):
                text = history(n, filler) if n or filler else 'q' * 10
                if mine(text, target) != run(text, target):
                    fail(f'the rule-based compression of {n} rounds is not what the import rebuilds from its parts')
    return rules


def error_phrases(function, matches):
    """The phrases an error-kind check looks for in an error's text (the tuple of strings among its constants), each checked to match."""
    code = getattr(function, '__wrapped__', function).__code__
    found = [c for c in code.co_consts if isinstance(c, tuple) and c and all(isinstance(x, str) for x in c)]
    if len(found) != 1 or not all(matches(p.upper()) for p in found[0]) or matches('stand-in: nothing of the kind'):
        fail(f'{function.__qualname__} has a shape the import does not know')
    return list(found[0])


def compression_target(TaskExecutor):
    """The history's size after compression (the default of compress_accumulated_information's target_tokens)."""
    import inspect
    target = inspect.signature(TaskExecutor.compress_accumulated_information).parameters.get('target_tokens')
    if target is None or not isinstance(target.default, int):
        fail('compress_accumulated_information has no target_tokens default')
    return target.default


def TaskExecutor_consts(executor):
    return executor().__class__._fallback_rule_based_compression.__wrapped__.__code__.co_consts


def fill(template, **values):
    for k, v in values.items():
        template = template.replace('{{' + k + '}}', str(v))
    return template


def main() -> None:
    if len(sys.argv) != 2:
        fail('usage: mcp-bench-templates.py <MCP-Bench checkout>')
    root = os.path.abspath(sys.argv[1])
    for need in ('benchmark/evaluator.py', 'agent/executor.py', 'config/config_loader.py'):
        if not os.path.exists(os.path.join(root, need)):
            fail(f'{root} is not an MCP-Bench checkout: {need} is missing')
    sys.path.insert(0, root)
    os.chdir(root)  # the config loader reads config/benchmark_config.yaml relative to the working directory
    logging.disable(logging.CRITICAL)
    stub_module('json_repair', loads=lambda text: (_ for _ in ()).throw(RuntimeError('json_repair stand-in')))
    stub_module('aiohttp')
    stub_module('mcp', ClientSession=object, StdioServerParameters=object)
    stub_module('mcp_modules.server_manager_persistent', PersistentMultiServerManager=object)
    try:
        import benchmark.evaluator as evaluator_module
        import agent.executor as executor_module
    except Exception as error:  # noqa: BLE001 - any import failure means the same thing here
        fail(f'cannot import the checkout\'s evaluator and executor: {error}')
    try:
        commit = subprocess.check_output(['git', '-C', root, 'rev-parse', 'HEAD'], text=True, stderr=subprocess.DEVNULL).strip()
    except Exception:  # noqa: BLE001 - not a git work tree: no commit to name
        commit = None
    templates = {
        'version': 1,
        'source': {'commit': commit},
        'judge': judge_templates(evaluator_module),
        'executor': executor_templates(executor_module),
        'planner': planner_templates(executor_module),
    }
    json.dump(templates, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write('\n')


if __name__ == '__main__':
    main()
