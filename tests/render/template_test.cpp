// Page templates: the shipped ones load with the promised values; bad ones give exact messages.
#include <gtest/gtest.h>

#include "core/errors.hpp"
#include "render/render.hpp"
#include "render/template.hpp"

using namespace hidato;

namespace {

std::string error_of(const std::string& yaml) {
  try {
    parse_page_template(yaml, "t.yaml");
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST(Template, ShippedTemplatesLoad) {
  const PageTemplate a4 = load_page_template("a4");
  EXPECT_EQ(a4.name, "a4");
  EXPECT_DOUBLE_EQ(a4.width_mm, 210);
  EXPECT_DOUBLE_EQ(a4.height_mm, 297);
  const PageTemplate letter = load_page_template("letter");
  EXPECT_NEAR(letter.width_mm, 215.9, 1e-9);
  const PageTemplate pocket = load_page_template("pocket-6x9");
  EXPECT_NEAR(pocket.width_mm, 152.4, 1e-9);
  EXPECT_NEAR(pocket.height_mm, 228.6, 1e-9);
  EXPECT_EQ(pocket.puzzles_per_page, 1);
  const PageTemplate large = load_page_template("large-print");
  EXPECT_GE(large.cell.min, 12);
  EXPECT_GT(large.fonts.caption, a4.fonts.caption);
  const PageTemplate kdp = load_page_template("kdp-8.5x11");
  EXPECT_NEAR(kdp.margins.inner + kdp.gutter_mm, 0.375 * 25.4, 1e-9);
  EXPECT_EQ(kdp.print_service, "kdp");
  // Cells a pencil can fill: about 8 mm for 1-2 digits, 10 mm for 3, in every shipped template.
  for (const char* name : {"a4", "a5", "letter", "kdp-8.5x11", "pocket-6x9", "large-print"}) {
    const PageTemplate t = load_page_template(name);
    EXPECT_GE(t.cell.min_for(2), 8) << name;
    EXPECT_GE(t.cell.min_for(3), 10) << name;
    EXPECT_GT(t.fonts.number, t.fonts.caption) << name;
  }
  EXPECT_EQ(load_page_template("a5").puzzles_per_page, 1);
}

TEST(Template, ParsesUnitsAndCustomSizes) {
  const PageTemplate t = parse_page_template(
      "page: {width: 5.5in, height: 200mm}\nmargins: {top: 1cm, bottom: 36pt, inner: 12, outer: 0.5 in}\n"
      "puzzles_per_page: 4\nanswers_per_page: 12\ncell: {min: 5mm, max: 9mm}\nfonts: {caption: 7.5}\n",
      "t.yaml");
  EXPECT_NEAR(t.width_mm, 139.7, 1e-9);
  EXPECT_DOUBLE_EQ(t.height_mm, 200);
  EXPECT_DOUBLE_EQ(t.margins.top, 10);
  EXPECT_NEAR(t.margins.bottom, 12.7, 1e-9);
  EXPECT_DOUBLE_EQ(t.margins.inner, 12);
  EXPECT_NEAR(t.margins.outer, 12.7, 1e-9);
  EXPECT_EQ(t.puzzles_per_page, 4);
  EXPECT_EQ(t.answers_per_page, 12);
  EXPECT_DOUBLE_EQ(t.cell.max, 9);
  EXPECT_DOUBLE_EQ(t.fonts.caption, 7.5);
  EXPECT_EQ(t.name, "");  // load_page_template fills in the file stem
}

TEST(Template, ErrorMessagesNameFileLineColumnAndKey) {
  EXPECT_EQ(error_of("page: a4\ncolour: red\n"),
            "t.yaml:2:1: colour: unknown key (expected one of name, page, margins, gutter, spacing, "
            "puzzles_per_page, answers_per_page, cell, answer_cell, fonts, min_text, print_service)");
  EXPECT_EQ(error_of("page: a4\n---\npage: letter\n"),
            "t.yaml:3:1: a second YAML document (after '---'): the file must hold one");
  EXPECT_EQ(error_of("print_service: lulu\n"), "t.yaml:1:16: print_service: unknown print service 'lulu' (expected kdp or none)");
  EXPECT_EQ(error_of("cell: {min: 9mm, min_3_digits: 8mm}\n"), "t.yaml:1:7: cell.min_3_digits: must not be smaller than min");
  EXPECT_EQ(error_of("margins:\n  top: 15mm\n  inner: wide\n"),
            "t.yaml:3:10: margins.inner: expected a length such as 15mm, 0.5in or 12pt, got 'wide'");
  EXPECT_EQ(error_of("margins: {top: 1mm, left: 2mm}\n"),
            "t.yaml:1:21: margins.left: unknown key (expected one of top, bottom, inner, outer)");
  EXPECT_EQ(error_of("puzzles_per_page: 3\n"), "t.yaml:1:19: puzzles_per_page: expected one of 1, 2, 4, 6");
  EXPECT_EQ(error_of("page: b5\n"),
            "t.yaml:1:7: page: unknown page size 'b5' (expected a4, a5, letter, 6x9in, 8.5x11in, "
            "a4-landscape or {width, height})");
  EXPECT_EQ(error_of("cell: {min: 9mm, max: 5mm}\n"), "t.yaml:1:7: cell.max: must not be smaller than min");
  EXPECT_EQ(error_of("fonts: {body: 200}\n"), "t.yaml:1:15: fonts.body: must be between 4 and 96");
  // "nan" reads as a number; it is not one between the bounds (it was taken, and a NaN title
  // size failed the PDF with an internal error).
  EXPECT_EQ(error_of("min_text: nan\n"), "t.yaml:1:11: min_text: must be between 4 and 96");
  EXPECT_EQ(error_of("fonts: {title: nan}\n"), "t.yaml:1:16: fonts.title: must be between 4 and 96");
  // Large print: no font below min_text (the large-print template had 14 pt captions under 16).
  EXPECT_EQ(error_of("min_text: 16\nfonts: {title: 40, subtitle: 22, heading: 16, caption: 14, body: 16, page_number: "
                     "16, number: 30}\n"),
            "t.yaml:2:56: fonts.caption: 14 pt is below min_text (16 pt): every text on the page must be at least that");
  EXPECT_EQ(error_of("margins: {inner: 100mm, outer: 100mm}\n"),
            "t.yaml:1:1: margins: leave 10.0 x 267.0 mm for the content of a page, less than 30 x 40 mm");
  // The gutter is named when it is what takes the room (the margins alone leave enough).
  EXPECT_EQ(error_of("gutter: 500mm\n"),
            "t.yaml:1:1: gutter: the gutter and the margins leave 0.0 x 267.0 mm for the content of a page, less "
            "than 30 x 40 mm");
  EXPECT_EQ(error_of("page: [a4\n"), "t.yaml:2:1: end of sequence flow not found");
  EXPECT_EQ(error_of("- a4\n"), "t.yaml:1:1: template: expected a mapping of keys");
  EXPECT_EQ(error_of("name: [a, b]\n"), "t.yaml:1:7: name: expected a name");
  EXPECT_EQ(error_of("margins: {[x]: 1}\n"), "t.yaml:1:11: margins: keys must be plain names");
  // A value is shown escaped: a NUL (a YAML "\\0") cut the message at '8mm, which reads as valid.
  EXPECT_EQ(error_of("spacing: \"8mm\\0\"\n"),
            "t.yaml:1:10: spacing: expected a length such as 15mm, 0.5in or 12pt, got '8mm\\x00'");
}

// Every bad key of a template is reported at once, in file order, as a config's are (found from
// outside: three bad keys took three runs to find); the page checks wait for the keys.
TEST(Template, EveryProblemIsReportedAtOnce) {
  EXPECT_EQ(error_of("answers_per_page: 0\nmargins: {top: 15mm, inner: wide}\ncolour: red\npuzzles_per_page: 3\n"),
            "t.yaml: 4 problems\n"
            "t.yaml:1:19: answers_per_page: must be between 1 and 64\n"
            "t.yaml:2:29: margins.inner: expected a length such as 15mm, 0.5in or 12pt, got 'wide'\n"
            "t.yaml:3:1: colour: unknown key (expected one of name, page, margins, gutter, spacing, "
            "puzzles_per_page, answers_per_page, cell, answer_cell, fonts, min_text, print_service)\n"
            "t.yaml:4:19: puzzles_per_page: expected one of 1, 2, 4, 6");
  EXPECT_EQ(error_of("margins: {inner: 100mm, outer: wide}\n"),
            "t.yaml:1:32: margins.outer: expected a length such as 15mm, 0.5in or 12pt, got 'wide'");
  // Every unknown key, not the first only; and a key given twice (yaml-cpp kept the first:
  // `page: a4` then `page: letter` made an A4 book).
  EXPECT_EQ(error_of("colour: red\npage: a4\nputs: 1\npage: letter\nmargins: {top: 15mm, top: 30mm}\n"),
            "t.yaml: 4 problems\n"
            "t.yaml:1:1: colour: unknown key (expected one of name, page, margins, gutter, spacing, "
            "puzzles_per_page, answers_per_page, cell, answer_cell, fonts, min_text, print_service)\n"
            "t.yaml:3:1: puts: unknown key (expected one of name, page, margins, gutter, spacing, "
            "puzzles_per_page, answers_per_page, cell, answer_cell, fonts, min_text, print_service)\n"
            "t.yaml:4:1: page: key 'page' given twice (first at line 2)\n"
            "t.yaml:5:22: margins.top: key 'top' given twice (first at line 5)");
}

// A template for KDP must be one KDP prints (found from outside: a4-landscape, a 3 x 4 in page and
// 0.1 in margins were accepted with print_service: kdp, and got a KDP cover).
TEST(Template, KdpTemplatesMustBeTrimsAndMarginsKdpPrints) {
  EXPECT_EQ(error_of("page: a4-landscape\nprint_service: kdp\n"),
            "t.yaml:1:7: page: 11.69 x 8.27 in is not a trim KDP prints (4 to 8.5 in wide, 6 to 11.69 in high); "
            "use print_service: none for another printer");
  EXPECT_EQ(error_of("page: {width: 3in, height: 4in}\nmargins: {top: 0.3in, bottom: 0.3in, inner: 0.3in, outer: 0.3in}\n"
                     "print_service: kdp\n"),
            "t.yaml:1:7: page: 3.00 x 4.00 in is not a trim KDP prints (4 to 8.5 in wide, 6 to 11.69 in high); "
            "use print_service: none for another printer");
  EXPECT_EQ(error_of("page: 6x9in\nmargins: {top: 0.5in, bottom: 0.5in, inner: 0.5in, outer: 0.1in}\nprint_service: kdp\n"),
            "t.yaml:2:59: margins.outer: 2.54 mm is below KDP's least margin of 0.25 in (6.35 mm)");
  EXPECT_EQ(error_of("page: 6x9in\nmargins: {top: 0.5in, bottom: 0.5in, inner: 0.5in, outer: 0.1in}\nprint_service: none\n"),
            "(no error)");
  EXPECT_EQ(error_of("page: a4-landscape\n"), "(no error)");  // no print service: any page
  for (const char* name : {"a4", "a5", "letter", "kdp-8.5x11", "pocket-6x9", "large-print"})
    EXPECT_EQ(load_page_template(name).print_service, "kdp") << name;  // and each passed the check
}

TEST(Template, MissingTemplateIsBadInput) {
  try {
    load_page_template("no-such-template");
    FAIL() << "no error";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("no-such-template: page template not found (looked for templates/pages/no-such-template.yaml "
                         "in " HIDATO_SOURCE_DIR, 0), 0u) << what;
    EXPECT_NE(what.find("; shipped templates: a4, a5, kdp-8.5x11, large-print, letter, pocket-6x9"), std::string::npos)
        << what;
  }
}
