#pragma once
// The KDP paperback cover: back, spine and front on one sheet with bleed on every side. Layout
// (boxes in mm, pure) apart from drawing, like the pages.
#include "render/draw.hpp"
#include "render/print_rules.hpp"

namespace hidato {

struct CoverLayout {
  CoverSize size;       // the whole sheet, bleed included
  Box back;             // trim boxes on the sheet (sheet origin top-left, bleed included)
  Box spine;
  Box front;
  Box back_safe;        // where the back's text may go
  Box front_safe;
  Box barcode;          // 2 x 1.2 in, 0.25 in from the back's bottom and right trim edges: left clear
  Box spine_text;       // the spine less 0.0625 in each side; empty below spine_text_min_pages
                        // or when it holds no spine_text_min_pt letters
  Box sample;           // room for the sample puzzle on the front
};

CoverLayout cover_layout(const PageTemplate& t, int pages, Paper paper);

// Draws the cover: title and author on the front and (from 79 pages) on the spine, a sample
// puzzle on the front, a line about the book on the back; nothing in the barcode box.
void draw_cover(Canvas& canvas, const CoverLayout& cover, const BookInfo& info,
                const std::vector<PrintablePuzzle>& puzzles);

}  // namespace hidato
