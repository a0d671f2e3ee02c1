// DeviceRGB greys -> DeviceGray in a Cairo PDF (see pdf_grey.hpp).
#include "render/pdf_grey.hpp"

#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <vector>

#include "render/render.hpp"

namespace hidato {
namespace {

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

std::string inflated(const std::string& data, const std::string& path) {
  z_stream z{};
  if (inflateInit(&z) != Z_OK) throw RenderError(path + ": zlib inflateInit failed");
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  std::string out;
  char buf[65536];
  int rc = Z_OK;
  while (rc == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(buf);
    z.avail_out = sizeof buf;
    rc = inflate(&z, Z_NO_FLUSH);
    out.append(buf, sizeof buf - z.avail_out);
  }
  inflateEnd(&z);
  if (rc != Z_STREAM_END) throw RenderError(path + ": a PDF stream does not inflate");
  return out;
}

std::string deflated(const std::string& data) {
  uLongf size = compressBound(static_cast<uLong>(data.size()));
  std::string out(size, '\0');
  compress2(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(data.data()),
            static_cast<uLong>(data.size()), Z_DEFAULT_COMPRESSION);
  out.resize(size);
  return out;
}

struct Object {
  int number = 0;
  std::size_t offset = 0;
  std::string bytes;  // "N 0 obj ... endobj\n"
};

// The objects in file order, sliced at the offsets the cross-reference table gives.
std::vector<Object> objects_of(const std::string& pdf, std::size_t xref, const std::string& path) {
  std::vector<Object> objects;
  std::size_t at = pdf.find('\n', xref) + 1;
  int first = 0, count = 0;
  if (std::sscanf(pdf.c_str() + at, "%d %d", &first, &count) != 2) throw RenderError(path + ": unreadable xref");
  at = pdf.find('\n', at) + 1;
  for (int i = 0; i < count; ++i, at += 20) {
    unsigned long offset = 0;
    char kind = 0;
    if (std::sscanf(pdf.c_str() + at, "%10lu %*5d %c", &offset, &kind) != 2) throw RenderError(path + ": unreadable xref");
    if (kind == 'n') objects.push_back({first + i, offset, {}});
  }
  std::sort(objects.begin(), objects.end(), [](const Object& a, const Object& b) { return a.offset < b.offset; });
  for (std::size_t i = 0; i < objects.size(); ++i) {
    const std::size_t end = i + 1 < objects.size() ? objects[i + 1].offset : xref;
    objects[i].bytes = pdf.substr(objects[i].offset, end - objects[i].offset);
  }
  return objects;
}

// Rewrites a page or form content stream in place; returns the length object to update (0 if
// the length is direct and was rewritten here, or the stream was left alone).
void rewrite_stream(Object& o, std::map<int, std::size_t>& lengths, const std::string& path) {
  const std::size_t start = o.bytes.find("stream\n");
  const std::size_t end = o.bytes.rfind("endstream");
  if (start == std::string::npos || end == std::string::npos) return;
  const std::string dict = o.bytes.substr(0, start);
  if (dict.find("/FlateDecode") == std::string::npos || dict.find("/Length1") != std::string::npos ||
      dict.find("/Image") != std::string::npos || dict.find("/Length ") == std::string::npos)
    return;
  std::size_t data_end = end;
  if (data_end > start + 7 && o.bytes[data_end - 1] == '\n') --data_end;
  const std::string data = o.bytes.substr(start + 7, data_end - (start + 7));
  const std::string content = inflated(data, path);
  const std::string grey = grey_operators(content);
  if (grey == content) return;
  const std::string packed = deflated(grey);
  int length_object = 0;
  if (std::sscanf(dict.c_str() + dict.find("/Length "), "/Length %d 0 R", &length_object) != 1)
    throw RenderError(path + ": a content stream with a direct /Length");
  lengths[length_object] = packed.size();
  o.bytes = dict + "stream\n" + packed + "\n" + o.bytes.substr(end);
}

}  // namespace

// Plan: split into whitespace-separated tokens, copying everything; when a token is rg or RG and
// the three tokens before it are the same number, replace the four by that number and g or G.
std::string grey_operators(const std::string& content) {
  std::string out;
  out.reserve(content.size());
  std::vector<std::pair<std::size_t, std::string>> last;  // (position in out, token), at most 3
  std::size_t i = 0;
  while (i < content.size()) {
    if (is_space(content[i])) { out += content[i++]; continue; }
    std::size_t j = i;
    while (j < content.size() && !is_space(content[j])) ++j;
    const std::string token = content.substr(i, j - i);
    i = j;
    if ((token == "rg" || token == "RG") && last.size() == 3 && last[0].second == last[1].second &&
        last[1].second == last[2].second) {
      out.resize(last[0].first);
      out += last[0].second + (token == "rg" ? " g" : " G");
      last.clear();
      continue;
    }
    if (last.size() == 3) last.erase(last.begin());
    last.emplace_back(out.size(), token);
    out += token;
  }
  return out;
}

// Whether everything Cairo drew is opaque: no soft mask, and every alpha in an ExtGState 1.
bool all_opaque(const std::string& pdf) {
  if (pdf.find("/SMask") != std::string::npos) return false;
  for (const char* key : {"/ca ", "/CA "})
    for (std::size_t at = pdf.find(key); at != std::string::npos; at = pdf.find(key, at + 1)) {
      const std::size_t value = at + 4;
      if (pdf.compare(value, 2, "1 ") != 0 && pdf.compare(value, 3, "1 >") != 0 && pdf.compare(value, 2, "1\n") != 0)
        return false;
    }
  return true;
}

// Cairo gives every page a transparency group in DeviceRGB, whatever it holds; print services'
// preflight reads that as transparency and colour. On a page of opaque greys it means nothing.
void drop_page_group(Object& o) {
  if (o.bytes.find("/Type /Page ") == std::string::npos && o.bytes.find("/Type /Page\n") == std::string::npos) return;
  const std::string group = "   /Group <<\n      /Type /Group\n      /S /Transparency\n      /I true\n      /CS /DeviceRGB\n   >>\n";
  if (const std::size_t at = o.bytes.find(group); at != std::string::npos) o.bytes.erase(at, group.size());
}

// Cairo writes the outline's root with a negative /Count (its items "closed"), which the PDF
// standard forbids there (the root counts the visible items: never negative); the items have no
// children, so all of them are visible.
void count_outline_items(Object& o) {
  if (o.bytes.find("/Type /Outlines") == std::string::npos) return;
  if (const std::size_t at = o.bytes.find("/Count -"); at != std::string::npos) o.bytes.erase(at + 7, 1);
}

std::string with_device_grey(const std::string& pdf, const std::string& path) {
  const std::size_t startxref = pdf.rfind("startxref");
  if (startxref == std::string::npos) throw RenderError(path + ": no startxref");
  const std::size_t xref = std::stoul(pdf.substr(startxref + 9, 24));
  if (pdf.compare(xref, 4, "xref") != 0) throw RenderError(path + ": startxref does not point at xref");
  std::vector<Object> objects = objects_of(pdf, xref, path);
  std::map<int, std::size_t> lengths;
  for (Object& o : objects) {
    rewrite_stream(o, lengths, path);
    count_outline_items(o);
  }
  if (all_opaque(pdf))
    for (Object& o : objects) drop_page_group(o);
  std::string out = pdf.substr(0, objects.empty() ? xref : objects.front().offset);
  std::map<int, std::size_t> offsets;
  for (Object& o : objects) {
    if (const auto it = lengths.find(o.number); it != lengths.end())
      o.bytes = std::to_string(o.number) + " 0 obj\n   " + std::to_string(it->second) + "\nendobj\n";
    offsets[o.number] = out.size();
    out += o.bytes;
  }
  const std::size_t new_xref = out.size();
  const int count = offsets.empty() ? 1 : offsets.rbegin()->first + 1;
  out += "xref\n0 " + std::to_string(count) + "\n0000000000 65535 f \n";
  char line[32];
  for (int n = 1; n < count; ++n) {
    const auto it = offsets.find(n);
    std::snprintf(line, sizeof line, "%010zu 00000 %c \n", it == offsets.end() ? 0 : it->second,
                  it == offsets.end() ? 'f' : 'n');
    out += line;
  }
  const std::size_t trailer = pdf.find("trailer", xref);
  if (trailer == std::string::npos || trailer > startxref) throw RenderError(path + ": no trailer");
  out += pdf.substr(trailer, startxref - trailer) + "startxref\n" + std::to_string(new_xref) + "\n%%EOF\n";
  return out;
}

}  // namespace hidato
