// build, regenerate, verify, merge, render: flag parsing and reporting only; the work is in
// src/pipeline (book.hpp).
#include <unistd.h>

#include <boost/program_options.hpp>
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "core/book_folder.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/text.hpp"
#include "generator/generator.hpp"
#include "pipeline/book.hpp"
#include "pipeline/book_spec.hpp"
#include "pipeline/signals.hpp"
#include "render/render.hpp"
#include "render/template.hpp"

namespace hidato::cli {
namespace {

namespace po = boost::program_options;
namespace fs = std::filesystem;

// --threads as generate reads it (0 when not given: every core).
int threads_flag(const Parsed& p) {
  if (!p.vm.count("threads")) return 0;
  return static_cast<int>(parse_number_in(p.vm["threads"].as<std::string>(), 1, 1024, "--threads"));
}

void list_failures(const std::vector<SetTally>& sets) {
  for (const auto& s : sets)
    for (const auto& f : s.failures) std::cerr << "hidato: failed: " << line_text(f) << "\n";
}

// "hidato: wrote DIR: manifest.json, timings.json, book.pdf, 26 SVG pages"
void list_files(const std::vector<fs::path>& files, bool quiet) {
  if (quiet || files.empty()) return;
  std::string names;
  int pages = 0, singles = 0;  // book-page-001.svg; book-puzzle-001-SET.svg and book-answer-...
  for (const auto& f : files) {
    if (f.extension() != ".svg") names += (names.empty() ? "" : ", ") + f.filename().string();
    else if (f.filename().string().find("-page-") != std::string::npos) ++pages;
    else ++singles;
  }
  if (pages) names += (names.empty() ? "" : ", ") + counted(pages, "SVG page");
  if (singles) names += (names.empty() ? "" : ", ") + counted(singles, "puzzle or answer SVG");
  const fs::path dir = files.front().has_parent_path() ? files.front().parent_path() : fs::path(".");
  std::cerr << "hidato: wrote " << line_text(dir.string()) << ": " << names << "\n";
}

std::string joined_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += (out.empty() ? "" : "\n") + l;
  return out;
}

fs::path folder_of(const fs::path& file) {
  return file.has_parent_path() ? file.parent_path() : fs::path(".");
}

int interrupted_exit() {
  std::cerr << "hidato: interrupted; nothing was written\n";
  return exit_code_for_signal(stop_signal());
}

// `stoppable`: a signal stops the command (build, regenerate, verify); merge and render finish
// their writes and exit as they would have.
void print_help(const char* usage, const po::options_description& options, bool stoppable = true) {
  std::cout << usage << "\n\n" << options << "\n"
            << "exit codes: 0 success, 1 bad input or usage, 2 some puzzle failed, 3 internal error"
            << (stoppable ? ",\n            129/130/143 interrupted by SIGHUP/SIGINT/SIGTERM (nothing half-written is left)\n"
                          : "\n(a signal lets the book's writing finish: it is swapped in whole)\n");
}

// A book's puzzles that failed are listed; any failure makes the exit code 2.
int exit_for(const Manifest& m) {
  int failed = 0;
  for (const auto& e : m.entries) {
    if (e.ok) continue;
    ++failed;
    // A manifest's text is read back from a file anyone may edit: escaped for the terminal.
    std::cerr << "hidato: failed: " << line_text(e.job.set_id) << "[" << e.job.index << "]: " << line_text(e.reason) << "\n";
  }
  return failed ? exit_puzzle_failed : exit_ok;
}

// A manifest without a single made puzzle makes no book, as `build` makes none: its failures are
// listed and the folder is left as it was (an empty book replaced the earlier one).
void say_no_book(const fs::path& out) {
  std::cerr << "hidato: no puzzle was made, so no book was written; " << line_text(out.string())
            << " is left as it was\n";
}

bool nothing_made(const Manifest& m, const fs::path& out) {
  if (std::any_of(m.entries.begin(), m.entries.end(), [](const ManifestEntry& e) { return e.ok; })) return false;
  exit_for(m);
  say_no_book(out);
  return true;
}

// The page template is read before the output folder is touched: a bad one is an InputError
// named by where it came from (`t.json: book.template`, `--template`).
void check_page_template(const std::string& name, const std::string& from) {
  try {
    load_page_template(name);
  } catch (const InputError& e) {
    throw InputError(line_text(from) + ": " + e.what());
  }
}

// "regenerated 23 jobs: all identical to the manifest (22 puzzles, and 1 failure as recorded)":
// a failure that comes back is identical too, and the book it leaves still lacks that puzzle.
std::string regenerated_text(const RegenerateCount& count) {
  const int made = count.jobs - count.failed;
  std::string text = "regenerated " + counted(count.jobs, count.failed > 0 ? "job" : "puzzle") + ": " +
                     (count.jobs == 1 ? "identical" : "all identical") + " to the manifest";
  if (count.failed > 0)
    text += " (" + (made > 0 ? counted(made, "puzzle") + ", and " : "") + counted(count.failed, "failure") + " as recorded)";
  if (count.skipped > 0)
    text += "; " + counted(count.skipped, "job") + " recorded as failed on " + (count.skipped == 1 ? "its" : "their") +
            " deadline " + (count.skipped == 1 ? "was" : "were") + " not re-run (wall time does not reproduce)";
  return text;
}

// A book's folder names its manifest (`hidato verify out/default` said "cannot read the manifest:
// it is a folder"): a folder, or a name that is not there and not a .json file (a book folder a
// stopped build left swapped out), stands for its manifest.json, so the reader's own hints apply
// ("the next build puts it back"; "cannot read the manifest" of a folder that holds none).
fs::path manifest_argument(const fs::path& arg) {
  std::error_code ec;
  if (fs::is_directory(arg, ec)) return arg / "manifest.json";
  if (!fs::exists(arg, ec) && arg.extension() != ".json") return arg / "manifest.json";
  return arg;
}

// The joined book may not go where a shard lives: it replaced that shard's manifest, and the
// same merge then failed on the book it had written ("not a shard manifest").
void refuse_shard_folder(const std::vector<std::string>& shards, const fs::path& out) {
  std::error_code ec;
  const fs::path target = fs::weakly_canonical(fs::absolute(out, ec), ec);
  for (const auto& name : shards) {
    const fs::path folder = fs::weakly_canonical(fs::absolute(fs::path(name), ec).parent_path(), ec);
    if (!folder.empty() && folder == target)
      throw InputError(line_text(out.string()) + ": holds the shard " + line_text(name) +
                       "; merge into another folder (the book would replace the shard)");
  }
}

}  // namespace

int run_build(const Args& args) {
  po::options_description o("options");
  o.add_options()("out,o", po::value<std::string>()->value_name("DIR"), "output folder (default: book.output, else out/<config name>)")(
      "threads,j", po::value<std::string>()->value_name("N"), "worker threads (default: every core)")(
      "quiet,q", "no progress, summary table, page count or list of files written (failures and warnings are still listed)")(
      "shard", po::value<std::string>()->value_name("K/N"), "build only shard K of N (K/N, K from 0); join with 'hidato merge'")(
      "force", "print boards whose cells would be too small for a pencil anyway (a warning in the summary)");
  const Parsed p = parse_command(args, o, "config", 1);
  if (p.help) return print_help("usage: hidato build CONFIG [--out DIR] [--threads N] [--quiet] [--shard K/N] [--force]", o), exit_ok;
  const fs::path config = positionals(p, "config", "build").at(0);
  const BookSpec spec = load_book_spec(config);  // every config problem is reported before any work
  if (const auto& fit = spec.fit_problems; !fit.empty() && !p.vm.count("force"))  // as the config's problems
    throw InputError((fit.size() > 1 ? config.string() + ": " + std::to_string(fit.size()) + " problems\n" : "") +
                     joined_lines(fit));
  BuildOptions opt;
  opt.out_dir = output_folder(spec, config, p.vm.count("out") ? p.vm["out"].as<std::string>() : "");
  opt.threads = threads_flag(p);
  if (p.vm.count("shard")) opt.shard = parse_shard(p.vm["shard"].as<std::string>());
  const bool quiet = p.vm.count("quiet") > 0;
  if (!quiet)  // a figure its board is too small to show: valid, only not what the config names
    for (const SetSpec& set : spec.sets)
      if (const auto note = shape_note(set.board))
        std::cerr << "hidato: note: set '" << line_text(set.name) << "': " << line_text(*note) << "\n";
  opt.progress = progress_mode_for(STDERR_FILENO, quiet);
  opt.cancel = &install_stop_handlers();
  const BuildResult r = build_book(spec, opt, std::cerr);
  if (r.interrupted) return interrupted_exit();
  if (!quiet) {
    char took[96];
    std::snprintf(took, sizeof took, "made in %.1f s on %d thread%s\n", r.wall_ms / 1000, r.threads, r.threads == 1 ? "" : "s");
    std::cout << summary_table(r.sets) << took;
  }
  list_failures(r.sets);
  if (r.nothing_made) {
    say_no_book(opt.out_dir);
    return exit_puzzle_failed;
  }
  for (const auto& note : r.book_notes)  // --quiet: the warnings only, not the page count
    if (!quiet || note.starts_with("warning")) std::cerr << "hidato: " << terminal_text(note) << "\n";
  list_files(r.files, quiet);
  // --quiet keeps a cron log empty on success; on a partial failure it says what the book holds.
  if (quiet && r.failed > 0)
    std::cerr << "hidato: " << r.failed << " of " << counted(r.made + r.failed, "puzzle") << " failed; the book in "
              << line_text(opt.out_dir.string()) << " holds the other " << r.made << "\n";
  return r.failed ? exit_puzzle_failed : exit_ok;
}

// The book's folder, checked and locked before any work (a folder that is no book's, or is
// locked, is refused at once, not after every puzzle was made again), and its page template
// when it renders anything.
static BookFolder book_folder_for(const Manifest& m, const fs::path& out, const std::string& template_from) {
  const BookMeta& book = m.header.book;
  if (book.pdf || book.svg || book.cover) check_page_template(book.page_template, template_from);
  return BookFolder(out);
}

// The files of the manifest's folder that stay when its book is written again in place (`out` is
// that folder): the timings of the run that made it, and the manifest itself when it has another
// name.
static std::vector<std::string> kept_in_place(const fs::path& manifest, const fs::path& out) {
  std::vector<std::string> kept;
  std::error_code ec;
  if (fs::equivalent(folder_of(manifest), out, ec)) {
    kept.push_back("timings.json");
    if (manifest.filename() != "manifest.json") kept.push_back(manifest.filename().string());
  }
  return kept;
}

// Writes the manifest and renders its book into `folder` (swapped in whole, see BookFolder),
// with the files `kept` of the folder's earlier book carried over; the exit code follows the
// entries. `out` is the folder as the user named it, for the list of files written. A shard's
// manifest holds part of a book: like `build --shard`, no book is rendered from it.
static int write_book(const Manifest& m, BookFolder& folder, const fs::path& out,
                      const std::vector<std::string>& kept = {}, bool refuse_small_cells = false) {
  write_manifest(folder.staging() / "manifest.json", m);
  std::vector<fs::path> files{out / "manifest.json"};
  for (const std::string& name : kept) {
    folder.carry_over(name);
    if (fs::exists(folder.staging() / name)) files.push_back(out / name);
  }
  const RenderedBook book =
      m.header.shard ? RenderedBook{} : render_records(m.header.book, print_records(m), folder.staging(), refuse_small_cells);
  for (const auto& f : book.files) files.push_back(out / f.filename());
  std::vector<std::string> notes = book_notes(book);
  if (auto warning = folder.commit()) notes.push_back(*warning);
  for (const auto& note : notes) std::cerr << "hidato: " << terminal_text(note) << "\n";
  list_files(files, false);
  return exit_for(m);
}

// A --set naming no set of the manifest is a typo to point out, with the sets there are.
static void check_set_selected(const Manifest& m, const Selection& sel, const fs::path& file) {
  if (!sel.set) return;
  const std::vector<SummaryCount> sets = set_counts(m.entries);
  const auto set = std::find_if(sets.begin(), sets.end(), [&](const SummaryCount& s) { return s.name == *sel.set; });
  if (set == sets.end()) {
    std::string list;
    for (const auto& s : sets) list += (list.empty() ? "" : ", ") + s.name;
    throw InputError(file.string() + ": --set: no set '" + line_text(*sel.set) + "' in the manifest (its sets: " +
                     list + ")");
  }
  const int size = set->made + set->failed;
  if (sel.index && *sel.index >= size)
    throw InputError(file.string() + ": --index " + std::to_string(*sel.index) + ": set '" + line_text(*sel.set) + "' has " +
                     counted(size, "puzzle") + " (indices 0 to " + std::to_string(size - 1) + ")");
}

int run_regenerate(const Args& args) {
  po::options_description o("options");
  o.add_options()("set", po::value<std::string>()->value_name("S"), "only the puzzles of this set")(
      "index", po::value<int>()->value_name("I"), "only the puzzle with this index (within --set, or every set)")(
      "out,o", po::value<std::string>(), "rebuild the book here (default: the manifest's folder)")(
      "threads,j", po::value<std::string>()->value_name("N"), "worker threads (default: every core)");
  const Parsed p = parse_command(args, o, "manifest", 1);
  if (p.help) return print_help("usage: hidato regenerate MANIFEST [--set S] [--index I] [--out DIR] [--threads N]", o), exit_ok;
  const fs::path file = manifest_argument(positionals(p, "manifest", "regenerate").at(0));
  const auto& cancel = install_stop_handlers();  // before the manifest's reading, as verify
  const Manifest m = read_manifest(file);
  if (cancel.load()) return interrupted_exit();
  if (m.header.tool != tool_name())  // then a puzzle that differs need not mean an edited manifest
    std::cerr << "hidato: note: " << line_text(file.string()) << " was made by '" << line_text(m.header.tool)
              << "', this is '" << tool_name() << "': a seed makes the same puzzle only under the same generator\n";
  Selection sel;
  if (p.vm.count("set")) sel.set = p.vm["set"].as<std::string>();
  if (p.vm.count("index")) sel.index = p.vm["index"].as<int>();
  if (sel.index && *sel.index < 0)
    throw InputError("--index: expected a puzzle's index within its set, from 0, got " + std::to_string(*sel.index));
  check_set_selected(m, sel, file);
  const fs::path out = p.vm.count("out") ? fs::path(p.vm["out"].as<std::string>()) : folder_of(file);
  BookFolder folder = book_folder_for(m, out, file.string() + ": book.template");
  const std::vector<std::string> kept = kept_in_place(file, out);
  RegenerateCount count;
  const auto bad = regenerate_manifest(m, sel, threads_flag(p), &cancel, count);
  if (cancel.load()) return interrupted_exit();
  if (count.jobs == 0)
    throw InputError(file.string() + ": no reproducible puzzle matches the selection" +
                     (count.skipped > 0 ? " (selected: " + counted(count.skipped, "job") +
                                              " recorded as stopped by a deadline or cancelled; wall-clock time decided"
                                              " that, so they are not re-run: build the config again to retry them,"
                                              " with a larger deadline_ms for their set if they ran out of time)"
                                        : std::string()));
  for (const auto& line : bad) std::cerr << "hidato: differs: " << line_text(line) << "\n";
  if (!bad.empty()) {
    std::cerr << "hidato: " << bad.size() << " of " << counted(count.jobs, "job") << " differ from the manifest; nothing rebuilt\n";
    return exit_puzzle_failed;
  }
  std::cout << regenerated_text(count) << "\n";
  return write_book(m, folder, out, kept);
}

int run_verify(const Args& args) {
  po::options_description o("options");
  o.add_options()("threads,j", po::value<std::string>()->value_name("N"), "worker threads (default: every core)")(
      "deadline-ms", po::value<std::string>()->value_name("MS"),
      "wall-clock limit of each puzzle's proof (default: the deadline its spec records; 0: none; at most 86400000, a day)");
  const Parsed p = parse_command(args, o, "manifest", 1);
  if (p.help) return print_help("usage: hidato verify MANIFEST [--threads N] [--deadline-ms MS]", o), exit_ok;
  std::optional<long long> deadline_ms;
  if (p.vm.count("deadline-ms"))
    deadline_ms = parse_number_in(p.vm["deadline-ms"].as<std::string>(), 0, max_deadline_ms, "--deadline-ms");
  const fs::path file = manifest_argument(positionals(p, "manifest", "verify").at(0));
  // The handlers come first: reading a big manifest takes a while, and a signal then killed the
  // run without a word.
  const auto& cancel = install_stop_handlers();
  const Manifest m = read_manifest(file);
  const auto bad = cancel.load() ? std::vector<std::string>{} : verify_manifest(m, threads_flag(p), &cancel, deadline_ms);
  if (cancel.load()) {
    std::cerr << "hidato: interrupted before every puzzle was verified\n";
    return exit_code_for_signal(stop_signal());
  }
  int ok = 0;
  for (const auto& e : m.entries) ok += e.ok ? 1 : 0;
  for (const auto& line : bad) std::cerr << "hidato: bad: " << line_text(line) << "\n";
  if (!bad.empty()) std::cerr << "hidato: " << bad.size() << " of " << counted(ok, "puzzle") << " failed verification\n";
  else if (ok > 0)
    std::cout << "verified " << counted(ok, "puzzle") << ": " << (ok == 1 ? "it has" : "each has")
              << " exactly one solution, the recorded one\n";
  // A job that failed when the book was built left the book without its puzzle: like build, exit 2.
  const std::size_t failed = m.entries.size() - static_cast<std::size_t>(ok);
  if (failed == 0) return bad.empty() ? exit_ok : exit_puzzle_failed;
  exit_for(m);
  std::cerr << "hidato: " << counted(static_cast<long long>(failed), "job") << " of " << m.entries.size()
            << (failed == 1 ? " is" : " are") << " recorded as failed: the book lacks "
            << (failed == 1 ? "its puzzle" : "their puzzles") << "\n";
  return exit_puzzle_failed;
}

int run_merge(const Args& args) {
  po::options_description o("options");
  o.add_options()("out,o", po::value<std::string>()->value_name("DIR"), "output folder of the joined book (required)");
  const Parsed p = parse_command(args, o, "manifests", -1);
  if (p.help) return print_help("usage: hidato merge SHARD_MANIFEST|SHARD_DIR... --out DIR", o, false), exit_ok;
  // A shard's folder stands for its manifest, as for verify, regenerate and render.
  std::vector<std::string> names;
  for (const auto& given : positionals(p, "manifests", "merge")) names.push_back(manifest_argument(given).string());
  if (!p.vm.count("out")) throw InputError("merge: --out DIR is required");
  std::vector<Manifest> shards;
  for (const auto& n : names) {
    shards.push_back(read_manifest(n));
    check_records(shards.back(), n);
  }
  const Manifest m = merge_manifests(shards, names);
  const fs::path out = p.vm["out"].as<std::string>();
  refuse_shard_folder(names, out);
  if (nothing_made(m, out)) return exit_puzzle_failed;
  BookFolder folder = book_folder_for(m, out, names.front() + ": book.template");
  (void)install_stop_handlers();  // a signal lets the render finish: the book is swapped in whole
  return write_book(m, folder, out);
}

int run_render(const Args& args) {
  po::options_description o("options");
  o.add_options()("template", po::value<std::string>()->value_name("T"), "page template (default: the manifest's)")(
      "formats", po::value<std::string>()->value_name("F"), "pdf, svg, cover, a list such as pdf,cover, or none (default: the manifest's)")(
      "out,o", po::value<std::string>(), "output folder (default: the manifest's folder)")(
      "force", "print boards whose cells would be too small for a pencil on the template anyway (a warning)");
  const Parsed p = parse_command(args, o, "manifest", 1);
  if (p.help) return print_help("usage: hidato render MANIFEST [--template T] [--formats pdf,svg,cover] [--out DIR] [--force]", o, false), exit_ok;
  const fs::path file = manifest_argument(positionals(p, "manifest", "render").at(0));
  Manifest m = read_manifest(file);
  check_records(m, file.string());
  if (m.header.shard)
    throw InputError(file.string() + ": the manifest of shard " + std::to_string(m.header.shard->index) + "/" +
                     std::to_string(m.header.shard->count) +
                     " holds part of the book only; join the shards with 'hidato merge' (it renders the whole book)");
  BookMeta& book = m.header.book;
  // A template file is recorded absolute, as build records it: the manifest is rendered and
  // regenerated from anywhere (a relative path failed from another folder).
  if (p.vm.count("template")) book.page_template = resolve_template(p.vm["template"].as<std::string>(), ".");
  if (p.vm.count("formats")) {
    const std::string f = p.vm["formats"].as<std::string>();
    book.pdf = book.svg = book.cover = false;
    std::size_t start = 0;
    while (f != "none" && start <= f.size()) {
      const std::size_t end = std::min(f.find(',', start), f.size());
      const std::string one = f.substr(start, end - start);
      if (one == "pdf") book.pdf = true;
      else if (one == "svg") book.svg = true;
      else if (one == "cover") book.cover = true;
      else
        throw InputError("--formats: unknown format '" + printable(one) + "' in '" + printable(f) +
                         "' (expected a list of pdf, svg and cover, or none)");
      start = end + 1;
    }
    book.svg_per_puzzle = book.svg_per_puzzle && book.svg;  // asked for pdf only: no SVG files at all
  }
  const fs::path out = p.vm.count("out") ? fs::path(p.vm["out"].as<std::string>()) : folder_of(file);
  if (!book.pdf && !book.svg && !book.cover) {  // nothing to render: the folder is left alone
    // A template given here is still checked: a misspelt one is an error, not a silent no-op.
    if (p.vm.count("template")) check_page_template(book.page_template, "--template");
    std::cerr << "hidato: nothing to render (formats: none); " << line_text(out.string()) << " is left as it was\n";
    return exit_ok;
  }
  if (nothing_made(m, out)) return exit_puzzle_failed;
  // The manifest goes with its book, saying how it was rendered (template and formats as given
  // here), so the folder can be verified and rendered again. In place, the folder's timings and
  // a manifest of another name stay.
  BookFolder folder = book_folder_for(m, out, p.vm.count("template") ? "--template" : file.string() + ": book.template");
  (void)install_stop_handlers();  // a signal lets the render finish: the book is swapped in whole
  // Boards too big for the template's pencil-sized cells are refused as the build refuses them.
  // A book with failed puzzles exits 2, as build, merge and verify of it do (render said 0).
  return write_book(m, folder, out, kept_in_place(file, out), !p.vm.count("force"));
}

}  // namespace hidato::cli
