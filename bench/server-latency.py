#!/usr/bin/env python3
"""Time from `didOpen` of a 1 MB Markdown buffer to urlint server's first
`publishDiagnostics` for it: a fresh server per run, median of 5.

    cargo build --release && python3 bench/server-latency.py [URLINT] [RUNS] [MB]

The document is generated with a fixed seed (headings, prose, inline and
reference links, autolinks, bare URLs, code spans and a few broken URLs),
so every machine times the same bytes. Standard library only.
"""
import json
import random
import statistics
import subprocess
import sys
import time


def document(size):
    rng = random.Random(1738)
    words = "the a reader should see URL in text when wrapped line host path scheme".split()
    hosts = ["example.org", "docs.example.com", "ftp.example.net", "www.example.edu"]
    out, n = [], 0
    while n < size:
        kind = rng.randrange(10)
        host = rng.choice(hosts)
        prose = " ".join(rng.choice(words) for _ in range(rng.randrange(8, 30)))
        if kind == 0:
            line = "## " + prose[:40]
        elif kind == 1:
            line = f"{prose} [link](https://{host}/p/{rng.randrange(10**6)}) {prose[:20]}."
        elif kind == 2:
            line = f"{prose} <https://{host}/auto/{rng.randrange(10**6)}>."
        elif kind == 3:
            line = f"{prose} https://{host}/bare/{rng.randrange(10**6)}?q=1 {prose[:10]}"
        elif kind == 4:
            line = f"`curl http://{host}/api` {prose}"
        elif kind == 5:
            # Broken on purpose: diagnostics to publish.
            line = f"{prose} HTTP://{host}/a%zz and htp://{host}/typo."
        elif kind == 6:
            line = f"[ref{rng.randrange(10**6)}]: https://{host}/ref \"Title\""
        else:
            line = prose + "."
        out.append(line + "\n\n")
        n += len(line) + 2
    return "".join(out)


class Server:
    def __init__(self, binary):
        self.p = subprocess.Popen([binary, "server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def recv(self):
        length = 0
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise EOFError("the server went away")
            line = line.strip()
            if not line:
                break
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                length = int(value)
        return json.loads(self.p.stdout.read(length))

    def close(self):
        self.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
        while self.recv().get("id") != 99:
            pass
        self.send({"jsonrpc": "2.0", "method": "exit"})
        return self.p.wait()


def once(binary, text):
    s = Server(binary)
    s.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    while s.recv().get("id") != 1:
        pass
    s.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    uri = "file:///tmp/urlint-bench/big.md"
    opened = {"jsonrpc": "2.0", "method": "textDocument/didOpen",
              "params": {"textDocument": {"uri": uri, "languageId": "markdown",
                                          "version": 1, "text": text}}}
    start = time.perf_counter()
    s.send(opened)
    while True:
        m = s.recv()
        if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri:
            elapsed = time.perf_counter() - start
            count = len(m["params"]["diagnostics"])
            break
    assert s.close() == 0
    return elapsed, count


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/urlint"
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    mb = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
    text = document(int(mb * 1024 * 1024))
    times = []
    for i in range(runs):
        elapsed, count = once(binary, text)
        times.append(elapsed)
        print(f"run {i + 1}: {elapsed * 1000:.1f} ms, {count} diagnostics")
    print(f"{len(text.encode()) / 1024 / 1024:.2f} MB Markdown, didOpen to first "
          f"publishDiagnostics: median {statistics.median(times) * 1000:.1f} ms of {runs}")


if __name__ == "__main__":
    main()
