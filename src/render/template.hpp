#pragma once
// A page template: page size, margins, gutter, slots per page, cell sizes and font sizes
// (templates/pages/*.yaml). All lengths are millimetres, font sizes are points.
#include <string>

namespace hidato {

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
  friend bool operator==(const FontSizes&, const FontSizes&) = default;
};

struct CellRange {  // millimetres
  double min = 7;
  double max = 14;
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
  int answers_per_page = 6;   // 1, 2, 4, 6, 9, 12 or 16
  CellRange cell{7, 14};      // puzzle cells
  CellRange answer_cell{4, 8};
  FontSizes fonts;
  friend bool operator==(const PageTemplate&, const PageTemplate&) = default;
};

// Parses a template from YAML text; `source` names it in error messages. Throws InputError
// "source:line:col: key: message". load_page_template (render.hpp) finds and reads the file.
PageTemplate parse_page_template(const std::string& yaml_text, const std::string& source);

}  // namespace hidato
