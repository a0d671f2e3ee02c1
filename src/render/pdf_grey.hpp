#pragma once
// Cairo writes every colour of a PDF as DeviceRGB ("0.45 0.45 0.45 RG"), even the greys. Print
// services read those as colour. This rewrites a finished Cairo PDF so that greys (and black) use
// DeviceGray ("0.45 G"): content streams are inflated, their colour operators rewritten, deflated
// again, and the cross-reference table rebuilt. Other colours and all other bytes are kept.
#include <string>

namespace hidato {

// The same PDF with grey colour operators in DeviceGray; when everything on it is opaque, without
// the DeviceRGB transparency group Cairo gives every page (preflight reads it as colour and
// transparency); and with the outline root's /Count the number of its items (Cairo's is
// negative). Throws RenderError (naming `path`) when the bytes are not laid out as Cairo writes
// them.
std::string with_device_grey(const std::string& pdf, const std::string& path);

// Content-stream text with "g g g rg" / "g g g RG" rewritten as "g g" / "g G".
std::string grey_operators(const std::string& content);

}  // namespace hidato
