// Books through the Cairo renderer: identical PDF/SVG bytes for any thread count and for
// `hidato render` of the recorded manifest. Label `render`.
#include <gtest/gtest.h>

#include <algorithm>

#include "cli_support.hpp"

namespace hidato::test {
namespace {

const char* book_config =
    "book: {title: Render test, seed: 3, date: '2026-01-02', template: a4, formats: [pdf, svg]}\n"
    "defaults: {difficulty: easy}\n"
    "sets:\n"
    "  - {name: small, rows: 5, cols: 5, count: 3}\n"
    "  - {name: hex, topology: hex6, rows: 5, cols: 5, count: 2}\n";

void expect_same_files(const fs::path& a, const fs::path& b) {
  for (const auto& name : file_names(a)) {
    if (name == "timings.json") continue;  // wall-clock figures, by design not reproducible
    EXPECT_EQ(slurp(a / name), slurp(b / name)) << name << " differs";
  }
}

TEST(RenderCli, BooksAreByteIdenticalForOneTwoAndFourThreads) {
  TempDir dir("render-threads");
  write_text(dir.path / "c.yaml", book_config);
  for (const char* t : {"1", "2", "4"}) {
    const ChildRun r = run_hidato(std::string("build c.yaml --quiet --threads ") + t + " --out t" + t, dir.path);
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  const auto names = file_names(dir.path / "t1");
  ASSERT_TRUE(std::find(names.begin(), names.end(), "book.pdf") != names.end());
  EXPECT_EQ(file_names(dir.path / "t2"), names);
  expect_same_files(dir.path / "t1", dir.path / "t2");
  expect_same_files(dir.path / "t1", dir.path / "t4");
}

TEST(RenderCli, RenderingTheManifestGivesTheSameBook) {
  TempDir dir("render-manifest");
  write_text(dir.path / "c.yaml", book_config);
  ASSERT_EQ(run_hidato("build c.yaml --quiet --out b", dir.path).exit_code, 0);
  const ChildRun r = run_hidato("render b/manifest.json --out r", dir.path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp(dir.path / "r/book.pdf"), slurp(dir.path / "b/book.pdf"));
  const ChildRun svg = run_hidato("render b/manifest.json --formats svg --out s", dir.path);
  ASSERT_EQ(svg.exit_code, 0) << svg.err;
  EXPECT_FALSE(fs::exists(dir.path / "s/book.pdf"));
  EXPECT_EQ(slurp(dir.path / "s/book-page-001.svg"), slurp(dir.path / "b/book-page-001.svg"));
}

}  // namespace
}  // namespace hidato::test
