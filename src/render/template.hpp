#pragma once
// A page template: page size, margins, gutter, slots per page, fonts (templates/pages/*.yaml).
#include <string>

namespace hidato {

struct PageTemplate {
  std::string name;
  double width_mm = 210;
  double height_mm = 297;
};

}  // namespace hidato
