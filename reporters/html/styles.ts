/** The report's stylesheet: plain CSS, system fonts, no external assets. */
export const PAGE_STYLE = `
:root{--fg:#1b1f24;--muted:#59636e;--line:#d1d9e0;--bg:#f6f8fa;--pass:#1a7f37;--fail:#cf222e;--err:#9a6700;--info:#0969da}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:var(--fg);background:#fff}
header,main{max-width:1400px;margin:0 auto;padding:0 1.5rem}
header{padding-top:1.25rem}
h1{font-size:1.6rem;margin:.2rem 0}h2{margin-top:2rem;border-bottom:1px solid var(--line);padding-bottom:.3rem}h4{margin:.9rem 0 .3rem}h5{margin:.4rem 0}
nav a{margin-right:1rem;color:var(--info)}
.muted{color:var(--muted)}.error{color:var(--fail)}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
table{border-collapse:collapse;margin:.6rem 0}th,td{border-bottom:1px solid var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}
thead th{background:var(--bg)}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
td.down{color:var(--fail)}td.up{color:var(--pass)}
.status{display:inline-block;border-radius:1rem;padding:0 .55rem;font-size:12px;font-weight:600;color:#fff;background:var(--muted)}
.status.passed{background:var(--pass)}.status.failed{background:var(--fail)}.status.errored{background:var(--err)}.status.setup-error{background:#6e40c9}.status.unscored{background:var(--muted)}
.charts{display:flex;flex-wrap:wrap;gap:1.5rem}
figure.chart{margin:0;border:1px solid var(--line);border-radius:6px;padding:.6rem;background:#fff;max-width:100%;overflow-x:auto}
figure.chart figcaption{font-weight:600;margin-bottom:.3rem}
figure.chart .note{color:var(--muted);font-size:12px;margin:.3rem 0 0;max-width:560px}
.filters{display:flex;flex-wrap:wrap;gap:.8rem;align-items:center;padding:.6rem;background:var(--bg);border:1px solid var(--line);border-radius:6px;position:sticky;top:0;z-index:2}
.filters select,.filters input{font:inherit;padding:.15rem .3rem}
.filters output{margin-left:auto;color:var(--muted)}
.table-scroll{overflow-x:auto}
table.tasks{width:100%;font-size:13px}
th button.sort{font:inherit;font-weight:600;background:none;border:0;padding:0;cursor:pointer;color:inherit}
th[aria-sort=ascending] button.sort::after{content:" ▲"}th[aria-sort=descending] button.sort::after{content:" ▼"}
tbody.task tr.summary{cursor:pointer}tbody.task tr.summary:hover{background:#f3f6fb}
button.expand{border:1px solid var(--line);background:#fff;border-radius:4px;width:1.6rem;cursor:pointer}
.task-id{font-family:ui-monospace,SFMono-Regular,Menlo,monospace}
tr.detail>td{background:#fbfcfd;padding:.5rem 1rem 1rem}
.detail-body{max-width:1200px}
pre{background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:.45rem .6rem;white-space:pre-wrap;word-break:break-word;max-height:22rem;overflow:auto;margin:.3rem 0}
pre.error{border-color:#ffcecb;background:#fff5f5}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.15rem 1rem;margin:.5rem 0}dl.facts dt{color:var(--muted)}dl.facts dd{margin:0}
section.round{border-left:3px solid var(--info);padding:.2rem 0 .2rem .8rem;margin:.6rem 0}
.turn,.call{margin:.35rem 0}.call.is-error .call-head code{color:var(--fail)}
.call-head{display:flex;gap:.5rem;align-items:center}
.flag{font-size:11px;border:1px solid var(--line);border-radius:3px;padding:0 .3rem}.flag.bad{border-color:var(--fail);color:var(--fail)}
table.tools{font-size:13px}table.tools th.server-name{background:var(--bg);font-size:14px}table.tools td.messages{max-width:32rem;font-size:12px}
table.judge td.reasoning{max-width:60rem;white-space:pre-wrap}
ul.checks li{margin:.3rem 0}
.notice{border:1px solid #d4a72c;background:#fff8c5;border-radius:6px;padding:.5rem .8rem}
nav.pages{display:flex;gap:.5rem;align-items:center;margin:.4rem 0}
nav.pages button{font:inherit;padding:.15rem .6rem;cursor:pointer}nav.pages button:disabled{cursor:default}
nav.pages output{color:var(--muted);margin:0 .4rem}
`
