#!/usr/bin/env python3
"""rows.py BIN SETDIR SETNAME OUT.tsv : every warning/error of BIN on each tree of SETDIR,
one TSV row each (set, path, line, rule, url, verdict, why) plus the source line in a
'line' column for judging. Trees with more than 300 rows: a random sample of 60 (seed 1),
marked 'sample 60 of N rows' in why."""
import json, os, random, subprocess, sys
bin_, setdir, setname, out = sys.argv[1:5]
rows = []
for tree in sorted(os.listdir(setdir)):
    p = subprocess.run([bin_, 'check', '--format', 'json', '--sort', 'path', tree],
                       cwd=setdir, capture_output=True)
    trs = []
    for l in p.stdout.decode('utf-8', 'replace').splitlines():
        try:
            d = json.loads(l)
        except ValueError:
            continue
        if d.get('severity') not in ('warning', 'error'):
            continue
        trs.append(d)
    note = ''
    if len(trs) > 300:
        random.Random(1).shuffle(trs)
        note = f'sample 60 of {len(trs)} rows; '
        trs = sorted(trs[:60], key=lambda d: (d['path'], d['start']['line']))
    cache = {}
    for d in trs:
        path = d['path']
        if path not in cache:
            try:
                cache[path] = open(os.path.join(setdir, path), 'rb').read().decode('utf-8', 'replace').split('\n')
            except OSError:
                cache[path] = []
        ln = d['start']['line']
        src = cache[path][ln - 1] if 0 < ln <= len(cache[path]) else ''
        clean = lambda s: s.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ')
        rows.append([setname, path, str(ln), d['rule'], clean(d.get('url') or ''), '', note,
                     clean(d['message']), clean(src[:400])])
with open(out, 'w', encoding='utf-8') as f:
    f.write('set\tpath\tline\trule\turl\tverdict\twhy\tmessage\tline_text\n')
    for r in rows:
        f.write('\t'.join(r) + '\n')
print(f'{setname}: {len(rows)} rows -> {out}')
