#!/usr/bin/env python3
"""The Spark job in local mode gives what urlint gives on one machine.

Runs `urlint_spark.py --master local[2]` on the repository's mail and document
fixtures plus a generated tree of a few thousand files (a `.gz`, an mbox,
binary, hidden and empty files, symbolic links) and two inputs that cannot be
read, then checks that its JSON Lines equal, as a multiset, the output of
`urlint extract --format json --sort path` on the same inputs: no file lost,
none read twice, the unreadable ones named on stderr.

    python3 examples/spark/test_spark.py            # needs java and pyspark

URLINT_BIN names the binary (default target/release/urlint);
URLINT_SPARK_INPUTS (colon-separated) adds inputs, e.g. /usr/share/doc.
"""

import collections
import csv
import glob
import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
JOB = os.path.join(HERE, "urlint_spark.py")
BIN = os.path.abspath(os.environ.get("URLINT_BIN", os.path.join(REPO, "target/release/urlint")))
FILES = 3000


def java_missing():
    home = os.environ.get("JAVA_HOME")
    if home and os.access(os.path.join(home, "bin", "java"), os.X_OK):
        return False
    return shutil.which("java") is None


def generate(root):
    """A tree of FILES files, each with URLs that name it, so a lost or
    doubled file shows in the comparison. Returns the paths that must appear
    in the output."""
    expected = []
    for i in range(FILES):
        d = os.path.join(root, f"d{i % 40:02}", f"s{i % 7}")
        os.makedirs(d, exist_ok=True)
        host = f"host{i % 53}.example"
        kind = i % 6
        if kind == 0:
            name, body = f"f{i}.txt", (
                f"Plain text {i}: see http://{host}/a/{i} and\n"
                f"<URL:ftp://{host}/pub/\n   file-{i}.txt> then mailto:user{i}@{host}.\n"
            )
        elif kind == 1:
            name, body = f"f{i}.md", f"# Doc {i}\n\n[link](https://{host}/md/{i}) <http://{host}/auto/{i}>\n"
        elif kind == 2:
            name, body = f"f{i}.html", f'<p><a href="http://{host}/h/{i}?a=1&amp;b=2">x</a> text http://{host}/t/{i}</p>\n'
        elif kind == 3:
            name, body = f"f{i}.eml", (
                f"From: a@{host}\nTo: b@{host}\nSubject: m{i}\nMessage-ID: <m{i}@{host}>\n"
                "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
                f"Archive: http://{host}/mail/{i}/a-very-long-path-that-the-mailer-wrapped-=\nhere.html\n"
            )
        elif kind == 4:
            name, body = f"f{i}.rst", f"See `this <http://{host}/rst/{i}>`_ and news:comp.{i}.example\n"
        else:
            name, body = f"f{i}.json", json.dumps({"url": f"http://{host}/json/{i}", "n": i}) + "\n"
        path = os.path.join(d, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(body)
        expected.append(path)
    special = os.path.join(root, "special")
    os.makedirs(special)
    gz = os.path.join(special, "2024-May.txt.gz")
    with gzip.open(gz, "wt", encoding="utf-8") as f:
        f.write("archived at <URL:http://gz.example/2024-May/0001.html>\n")
    expected.append(gz)
    mbox = os.path.join(special, "list.mbox")
    with open(mbox, "w", encoding="utf-8") as f:
        for m in range(20):
            f.write(
                f"From a@mbox.example Mon Jan  1 00:00:00 2024\nFrom: a@mbox.example\n"
                f"Message-ID: <{m}@mbox.example>\nSubject: {m}\n\nhttp://mbox.example/{m}\n\n"
            )
    expected.append(mbox)
    for name, data in [
        ("empty.txt", b""),
        ("no-urls.txt", b"nothing to see here: just prose.\n"),
        ("binary.bin", b"\x00\x01\x02http://binary.example/skipped\n"),
    ]:
        with open(os.path.join(special, name), "wb") as f:
            f.write(data)
    # Left out by urlint's walk, so by the job's listing too.
    os.makedirs(os.path.join(root, ".hidden"))
    with open(os.path.join(root, ".hidden", "h.txt"), "w") as f:
        f.write("http://hidden.example/\n")
    with open(os.path.join(special, ".dotfile"), "w") as f:
        f.write("http://dotfile.example/\n")
    os.symlink(expected[0], os.path.join(special, "link-to-file.txt"))
    os.symlink(os.path.join(root, "gone.txt"), os.path.join(special, "dangling-in-tree.txt"))
    return expected


class SparkLocalMode(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if java_missing():
            raise unittest.SkipTest("SKIP: no java on PATH or JAVA_HOME; the Spark test needs Java 17")
        if not os.access(BIN, os.X_OK):
            raise AssertionError(f"no urlint binary at {BIN}: cargo build --release first")
        cls.tmp = tempfile.mkdtemp(prefix="urlint-spark-")
        tree = cls.tree = os.path.join(cls.tmp, "tree")
        cls.generated = generate(tree)
        cls.missing = os.path.join(cls.tmp, "no-such-dir", "missing.txt")
        cls.dangling = os.path.join(cls.tmp, "dangling.txt")
        os.symlink(os.path.join(cls.tmp, "nowhere.txt"), cls.dangling)
        fixtures = [os.path.join(REPO, "fixtures", d) for d in ("mail", "extract", "examples", "rules")]
        extra = [p for p in os.environ.get("URLINT_SPARK_INPUTS", "").split(":") if p]
        cls.inputs = fixtures + [tree, cls.missing, cls.dangling] + extra

        t = time.monotonic()
        one = subprocess.run(
            [BIN, "extract", "--format", "json", "--sort", "path", "--no-progress"] + cls.inputs,
            capture_output=True,
            stdin=subprocess.DEVNULL,
        )
        cls.one_seconds = time.monotonic() - t
        cls.one = one

        cls.out = os.path.join(cls.tmp, "out")
        env = dict(os.environ, SPARK_LOCAL_IP="127.0.0.1")
        t = time.monotonic()
        cls.job = subprocess.run(
            [sys.executable, JOB, "--master", "local[2]", "--urlint", BIN, "--out", cls.out] + cls.inputs,
            capture_output=True,
            stdin=subprocess.DEVNULL,
            env=env,
            timeout=1800,
        )
        cls.job_seconds = time.monotonic() - t
        cls.job_err = cls.job.stderr.decode("utf-8", "replace")
        if cls.job.returncode != 0:
            raise AssertionError(f"the Spark job failed ({cls.job.returncode}):\n{cls.job_err[-5000:]}")
        cls.spark_lines = []
        for part in sorted(glob.glob(os.path.join(cls.out, "json", "part-*"))):
            with open(part, encoding="utf-8") as f:
                cls.spark_lines.extend(f.read().splitlines())
        cls.one_lines = one.stdout.decode("utf-8").splitlines()

    @classmethod
    def tearDownClass(cls):
        if hasattr(cls, "tmp"):
            shutil.rmtree(cls.tmp, ignore_errors=True)

    def test_0_figures(self):
        with open(os.path.join(self.out, "summary.json"), encoding="utf-8") as f:
            s = json.load(f)
        print(
            f"\n  inputs: {s['files']} files listed, {s['bytes'] / 1e6:.1f} MB\n"
            f"  local[2]: {s['partitions']} partitions, {len(self.spark_lines)} lines, "
            f"{s['seconds']} s in the job, {s['pipe_seconds']} s of it piping through urlint "
            f"({self.job_seconds:.1f} s with Python and JVM start)\n"
            f"  one machine (urlint extract --format json --sort path): "
            f"{len(self.one_lines)} lines, {self.one_seconds:.2f} s",
            file=sys.stderr,
        )
        self.assertGreaterEqual(s["files"], FILES)

    def test_distributed_output_equals_one_machine_as_a_multiset(self):
        spark = collections.Counter(self.spark_lines)
        one = collections.Counter(self.one_lines)
        lost = one - spark
        extra = spark - one
        if lost or extra:
            self.fail(
                f"{sum(lost.values())} lines only on one machine, e.g. {list(lost)[:2]}; "
                f"{sum(extra.values())} only from Spark, e.g. {list(extra)[:2]}"
            )
        self.assertGreater(len(self.one_lines), FILES)
        print(
            f"\n  equal as multisets: {len(self.spark_lines)} JSON lines from Spark, "
            f"{len(self.one_lines)} from one machine, {len(spark)} distinct",
            file=sys.stderr,
        )

    def test_no_file_is_lost_or_read_twice(self):
        per_path = collections.Counter(json.loads(l)["path"] for l in self.spark_lines)
        one_per_path = collections.Counter(json.loads(l)["path"] for l in self.one_lines)
        differ = sorted(p for p in set(per_path) | set(one_per_path) if per_path[p] != one_per_path[p])
        self.assertEqual(
            differ,
            [],
            "paths with another number of lines from Spark than on one machine: "
            + ", ".join(f"{p} ({per_path[p]} vs {one_per_path[p]})" for p in differ[:5]),
        )
        missing = [p for p in self.generated if p not in per_path]
        self.assertEqual(missing, [], "generated files with no output")
        gz = [
            v
            for v in map(json.loads, self.spark_lines)
            if v["path"].startswith(self.tree) and v["path"].endswith(".txt.gz")
        ]
        self.assertEqual([v["url"] for v in gz], ["http://gz.example/2024-May/0001.html"])
        for skipped in ("hidden.example", "dotfile.example", "binary.example", "link-to-file.txt"):
            self.assertFalse(any(skipped in l for l in self.spark_lines), skipped)

    def test_unreadable_inputs_are_named_and_do_not_stop_the_rest(self):
        one_err = self.one.stderr.decode("utf-8", "replace")
        self.assertEqual(self.one.returncode, 2, one_err)
        for path in (self.missing, self.dangling):
            self.assertIn(path, one_err)
            named = [l for l in self.job_err.splitlines() if path in l]
            self.assertIn(f"urlint: {path}", self.job_err, f"urlint in a Spark task names it: {named}")

    def test_table_and_host_counts(self):
        with open(glob.glob(os.path.join(self.out, "hosts", "*.csv"))[0], newline="") as f:
            hosts = list(csv.DictReader(f))
        self.assertEqual(sum(int(r["count"]) for r in hosts), len(self.one_lines))
        gz = [r for r in hosts if r["host"] == "gz.example"]
        self.assertEqual(gz, [{"scheme": "http", "host": "gz.example", "count": "1"}])

        from pyspark.sql import SparkSession

        spark = (
            SparkSession.builder.master("local[1]")
            .config("spark.ui.enabled", "false")
            .config("spark.ui.showConsoleProgress", "false")
            .getOrCreate()
        )
        try:
            table = spark.read.parquet(os.path.join(self.out, "table"))
            self.assertEqual(table.columns, ["path", "url", "form", "line", "column", "message_id"])
            rows = {
                (r.path, r.url, r.form, r.line, r.column, r.message_id) for r in table.collect()
            }
        finally:
            spark.stop()
        want = set()
        for l in self.one_lines:
            v = json.loads(l)
            want.add(
                (v["path"], v["url"], v["form"], v["start"]["line"], v["start"]["column"], v.get("message_id"))
            )
        self.assertEqual(rows, want)
        self.assertIn("3@mbox.example", {r[5] for r in rows})


if __name__ == "__main__":
    result = unittest.main(verbosity=2, exit=False).result
    for _, reason in result.skipped:
        print(reason if reason.startswith("SKIP") else f"SKIP: {reason}")
    sys.exit(0 if result.wasSuccessful() else 1)
