#pragma once
// The renderer's boundary: printable puzzles + a page template -> PDF book and SVG pages.
// Layout (pure, millimetres) is separate from drawing (Cairo). The renderer never solves.
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/puzzle.hpp"

namespace hidato {

struct PrintablePuzzle {
  int number = 0;           // 1-based puzzle number in the book
  std::string set_name;     // the set's id (file names); consecutive puzzles of a set form a section
  std::string difficulty;   // level name printed in the caption
  Puzzle puzzle;            // board + givens
  Values solution;          // the answer key (empty: the answer page shows the givens only)
  std::string set_title;    // printed in the section header ("" = the set name)
  double score = -1;        // the grader's score: 1-5 stars (stars_for_score); < 0 = no stars
};

// The kind of puzzle a board makes, as a reader knows it: "Hidato", "Numbrix", "Hexagonal Hidato".
std::string kind_name(Topology t);
// The one-line rule of that kind, for the reminder on puzzle pages.
std::string kind_rule(Topology t);
// 1 (easy) to 5 stars from the grader's score (100 per level: easy 0-99, medium 100-199, ...).
int stars_for_score(double score);

struct BookInfo {
  std::string title = "Hidato";
  std::string subtitle;
  std::string author;
  std::string date;               // printed as given; never the clock
  bool how_to_play = true;
  std::int64_t creation_epoch = 0;  // PDF creation date (seconds since 1970), from the config
  std::string copyright;          // copyright page (after the title page) when any of these three is set
  std::string isbn;
  std::string edition;
  std::string paper = "white";    // white or cream: the cover's spine width
};

struct PageTemplate;  // defined in render/template.hpp

struct RenderOptions {
  std::filesystem::path out_dir;
  std::string basename = "book";  // book.pdf, book-page-001.svg, ... (3 digits, more past 999)
  bool pdf = true;
  bool svg = true;
  bool svg_per_puzzle = false;    // also book-puzzle-001.svg and book-answer-001.svg per puzzle
  bool answer_path = false;       // draw the path through the cell centres in answer keys
  bool cover = false;             // also cover.pdf (back, spine, front with bleed; print_rules.hpp)
  bool refuse_small_cells = false; // a board whose cells stay below the template's minimum even on a
                                   // page of its own is an InputError before anything is written
};

struct RenderedBook {
  std::vector<std::filesystem::path> files;
  int pages = 0;                  // after padding to the print service's rules
  int notes_pages = 0;            // of those, the Notes pages (padding, and before the answers)
  int min_pages = 0;              // the print service's least page count (0: none)
  double inside_margin_mm = 0;    // inner margin + gutter used on every page
  // Things a reader should know but that did not stop the book, e.g. "puzzle 12: cells of 5.1 mm
  // are below the template's minimum of 7 mm (too big even for a page of its own)".
  std::vector<std::string> warnings;
};

struct RenderError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Loads templates/pages/<name>.yaml (or a path to a .yaml file). Throws InputError.
PageTemplate load_page_template(const std::string& name_or_path);
// A template value with a '/' or ending in .yaml names a file; anything else a shipped template.
bool names_a_template_file(const std::string& name_or_path);

// Lays out the book (title, copyright, contents, how to play, sections of puzzles, answers, notes) and writes the files atomically.
// Throws RenderError (Cairo failed, or a puzzle's givens/solution do not match its board) and
// OutputError (a file cannot be written). Same input -> byte-identical files.
RenderedBook render_book(const BookInfo& info, const std::vector<PrintablePuzzle>& puzzles,
                         const PageTemplate& page, const RenderOptions& options);

}  // namespace hidato
