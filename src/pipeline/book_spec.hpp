#pragma once
// YAML book config -> BookSpec (validated, with source locations) -> jobs.
//
// A config has three top-level keys: `book` (metadata and output), `defaults` (set keys applied
// to every set) and `sets` (a list of puzzle groups). load_book_spec() reads and validates the
// whole file before any work starts and throws one InputError listing every problem, each as
// `FILE:LINE:COL: sets[2].shape: message`. The schema is documented in the pipeline README.
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "generator/generator.hpp"

namespace hidato {

struct SourceLoc {  // 1-based; 0 = unknown
  int line = 0;
  int col = 0;
  friend bool operator==(const SourceLoc&, const SourceLoc&) = default;
};

// Everything the renderer needs to print the book; recorded in the manifest.
struct BookMeta {
  std::string title = "Hidato";
  std::string subtitle;
  std::string author;
  std::string date;                 // YYYY-MM-DD, printed as given
  std::uint64_t seed = 1;
  std::string page_template = "a4"; // templates/pages/<name>.yaml or a path to a .yaml file
  bool pdf = true;
  bool svg = false;
  std::string output;               // output folder as written in the config ("" = default)
  std::int64_t creation_epoch = 0;  // PDF creation date: creation_epoch, else from date, else 0
  bool how_to_play = true;
  bool answer_path = false;
  bool cover = false;               // formats: [..., cover] -> cover.pdf
  bool svg_per_puzzle = false;      // one SVG per puzzle and per answer, named by number and set
  std::string copyright;            // copyright page: the line as written, an ISBN, the edition
  std::string isbn;
  std::string edition;
  std::string paper = "white";      // white or cream: the cover's spine width per page
  std::vector<std::pair<std::string, std::string>> set_titles;  // set name -> printed title
  friend bool operator==(const BookMeta&, const BookMeta&) = default;
};

struct SetSpec {
  std::string name;
  std::string title;  // printed in the section header ("" = the name)
  BoardSpec board;  // mask_file is resolved to a readable path
  std::string mask; // the mask as written in the config ("" = none)
  Difficulty difficulty = Difficulty::medium;
  int count = 1;
  WorkBudget budget;
  bool order_by_score = false;  // `order: score` (easiest first by grader score); default `generation`
  SourceLoc loc;    // where the set's entry starts
  friend bool operator==(const SetSpec&, const SetSpec&) = default;
};

struct BookSpec {
  std::string config_name;    // file name of the config (no folder), recorded in the manifest
  std::string config_digest;  // 16 hex digits of hash_string over the config file's bytes
  BookMeta book;
  std::vector<SetSpec> sets;
  // Sets whose boards cannot get cells a pencil can fill on the template, even on a page of their
  // own ("FILE:LINE:COL: sets[2]: ..."). `hidato build` refuses the config unless --force.
  std::vector<std::string> fit_problems;
};

// Parses and validates `text` (the bytes of a config file shown as `label` in messages; mask
// files are looked up relative to `base_dir`, then under templates/shapes). Throws InputError.
BookSpec parse_book_spec(const std::string& text, const std::string& label,
                         const std::filesystem::path& base_dir);
// Reads `file` and calls parse_book_spec. Throws InputError when it cannot be read.
BookSpec load_book_spec(const std::filesystem::path& file);

// A template named by a path (with a '/' or ending in .yaml), looked up beside `base_dir` first,
// then from the working folder, made absolute; a shipped template's name, or a path found
// nowhere (load_page_template reports it), as written.
std::string resolve_template(const std::string& name, const std::filesystem::path& base_dir);
// Seconds since 1970 of the start of day `date` (YYYY-MM-DD), or -1 when it is not such a date.
std::int64_t epoch_of_date(const std::string& date);
// What is wrong with book.date and book.paper (config and manifest alike), or nullopt; the date
// may be empty (no date).
std::optional<std::string> date_problem(const std::string& date);
std::optional<std::string> paper_problem(const std::string& paper);
std::optional<std::string> isbn_problem(const std::string& isbn);  // "" is no ISBN, and fine
// Text printed on a page (a title, an author, the copyright line): no control character, which
// Cairo draws as a box or, a NUL, ends the text at.
std::optional<std::string> printed_text_problem(const std::string& text);

// The output folder: `override_dir` when not empty, else book.output, else out/<config stem>.
std::filesystem::path output_folder(const BookSpec& spec, const std::filesystem::path& config_file,
                                    const std::filesystem::path& override_dir);

}  // namespace hidato
