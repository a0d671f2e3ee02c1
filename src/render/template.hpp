#pragma once
// A page template: page size, margins, gutter, slots per page, cell sizes and font sizes
// (templates/pages/*.yaml). All lengths are millimetres, font sizes are points.
#include <string>

#include "render/print_rules.hpp"

namespace hidato {

inline constexpr double key_digits_pt = 7;     // answer-key numbers are never smaller
inline constexpr double key_line_pt = 0.75;    // nor thinner than this for lines

struct Margins {
  double top = 15;
  double bottom = 15;
  double inner = 15;  // the binding side: left on right-hand (odd) pages, right on left-hand pages
  double outer = 15;
  friend bool operator==(const Margins&, const Margins&) = default;
};

struct FontSizes {  // points
  double title = 30;
  double subtitle = 16;
  double heading = 12;    // running head at the top of each page, section titles
  double caption = 9;     // "Puzzle 12 · Set · easy"
  double body = 11;       // how-to-play text, contents lines, title-page lines
  double page_number = 9;
  double number = 22;     // the puzzle's number above its board, bold
  friend bool operator==(const FontSizes&, const FontSizes&) = default;
};

struct CellRange {  // millimetres
  double min = 8;            // boards whose numbers have 1 or 2 digits
  double min_3_digits = 10;  // 3 digits (4 digits: a third more again)
  double max = 14;
  // The least cell a pencil can fill with numbers of `digits` digits.
  double min_for(int digits) const { return digits <= 2 ? min : min_3_digits * (digits <= 3 ? 1.0 : digits / 3.0); }
  friend bool operator==(const CellRange&, const CellRange&) = default;
};

struct PageTemplate {
  std::string name;            // the file stem when the YAML has no name
  double width_mm = 210;
  double height_mm = 297;
  Margins margins;
  double gutter_mm = 0;       // added to the inner margin, mirrored on left and right pages
  double spacing_mm = 8;      // between puzzle slots
  int puzzles_per_page = 2;   // 1, 2, 4 or 6
  int answers_per_page = 20;  // the most answer keys on a page (small boards pack that densely)
  CellRange cell{8, 10, 14};  // puzzle cells
  CellRange answer_cell{4, 4, 8};  // answer keys; numbers never below key_digits_pt either
  std::string print_service;  // "kdp": KDP's page-count rules (print_rules.hpp); "" none
  FontSizes fonts;
  // The least size of any text on the page, board and answer-key numbers included (their cells
  // grow to carry it): key_digits_pt by default; 16 for a large-print book (KDP's rule), whose
  // fonts must then all be at least that.
  double min_text_pt = key_digits_pt;
  friend bool operator==(const PageTemplate&, const PageTemplate&) = default;
};

PrintRules rules_of(const PageTemplate& t);  // print_rules(t.print_service), checked at parse time

// Parses a template from YAML text; `source` names it in error messages. Throws InputError
// "source:line:col: key: message". load_page_template (render.hpp) finds and reads the file.
PageTemplate parse_page_template(const std::string& yaml_text, const std::string& source);

}  // namespace hidato
