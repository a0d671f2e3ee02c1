// PLACEHOLDER renderer: replaced by the Cairo renderer.
#include "render/render.hpp"

#include "render/template.hpp"

namespace hidato {

PageTemplate load_page_template(const std::string& name) { return PageTemplate{name}; }

RenderedBook render_book(const BookInfo&, const std::vector<PrintablePuzzle>&, const PageTemplate&,
                         const RenderOptions&) {
  throw RenderError("the renderer is not implemented yet");
}

}  // namespace hidato
