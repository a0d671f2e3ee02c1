#pragma once
// The drawing interface: polygons, lines and text in millimetres on a Cairo context, plus the two
// surface factories (PDF, SVG) that produce a document's bytes in memory. Knows nothing of puzzles.
#include <cairo.h>

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "topology/geometry.hpp"

namespace hidato {

enum class Weight { regular, bold };
enum class Align { left, centre, right };

inline constexpr double mm_per_point = 25.4 / 72.0;

class Canvas {
 public:
  // Draws on `cr` (not owned), whose user space is set to millimetres by the constructor.
  explicit Canvas(cairo_t* cr);
  ~Canvas();
  Canvas(const Canvas&) = delete;
  Canvas& operator=(const Canvas&) = delete;

  // Fills the polygons as one shape: adjacent ones show no hairline seam where they meet (each
  // filled on its own, a viewer's anti-aliasing left one between neighbouring holes).
  void fill_polygons(const std::vector<std::vector<Point>>& polygons, double grey);
  void stroke_polygon(const std::vector<Point>& corners, double width_mm, double grey);
  void stroke_segments(const std::vector<Segment>& segments, double width_mm, double grey);
  // Closed polylines (last point == first) are closed so that their corners join.
  void stroke_polylines(const std::vector<std::vector<Point>>& lines, double width_mm, double grey);
  void stroke_polyline(const std::vector<Point>& points, double width_mm, double grey);

  // Width of the text's advance widened to its ink, so that aligned text never pokes out.
  double text_width(std::string_view text, double size_mm, Weight weight);
  // The characters of `text` (UTF-8, each once, in order) that the font has no glyph for: they
  // print as empty boxes.
  std::vector<std::string> missing_glyphs(std::string_view text, Weight weight);
  // Text on a baseline; `x` is the left end, the middle or the right end depending on `align`
  // (of the span text_width measures).
  void text(std::string_view text, double x, double baseline, double size_mm, Weight weight,
            Align align = Align::left);
  // Text whose ink is centred on `centre` both ways (numbers in cells); with halo_mm > 0 a white
  // rim of that width is drawn round the glyphs first, so lines underneath stay off the digits.
  void centred_text(std::string_view text, Point centre, double size_mm, Weight weight, double halo_mm = 0);
  // The same, turned a quarter turn clockwise about `centre` (book spines read top to bottom).
  void centred_text_rotated(std::string_view text, Point centre, double size_mm, Weight weight);

  // The smallest text drawn so far (measuring does not count; the longest of those at that size),
  // and its size; an empty text and an infinite size before any.
  struct SmallestText {
    std::string text;
    double size_mm = std::numeric_limits<double>::infinity();
  };
  const SmallestText& smallest_text() const { return smallest_; }

 private:
  void use_font(double size_mm, Weight weight);
  void note_drawn(std::string_view text, double size_mm);
  SmallestText smallest_;
  cairo_t* cr_;
  cairo_font_face_t* regular_;
  cairo_font_face_t* bold_;
};

struct PageSize {
  double width_mm = 0;
  double height_mm = 0;
};

struct PdfMetadata {
  std::string title;
  std::string author;
  std::string subject;
  std::int64_t creation_epoch = 0;
  // The PDF's bookmarks, in order: (title, page number from 1), each at the top level.
  std::vector<std::pair<std::string, int>> outline;
};

// A multi-page PDF in memory: draw(canvas, i) draws page i of `pages`. `path` names the output in
// RenderError messages ("PATH: cairo error text").
std::string pdf_document(PageSize size, int pages, const std::function<void(Canvas&, int)>& draw,
                         const PdfMetadata& meta, const std::string& path);
// A one-page SVG in memory, with its ids renumbered so that it does not depend on what else the
// process drew before (see stable_svg_ids).
std::string svg_document(PageSize size, const std::function<void(Canvas&)>& draw, const std::string& path);

// Cairo numbers some SVG ids (surfaceN, clipN, ...) from process-wide counters. Renumbers every
// such id, and every reference to it, in order of first appearance from 1.
std::string stable_svg_ids(const std::string& svg);
// "2026-11-23T00:00:00Z" for a time in seconds since 1970 (UTC, proleptic Gregorian).
std::string iso8601_utc(std::int64_t epoch);

}  // namespace hidato
