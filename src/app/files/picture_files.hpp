#pragma once
// Pictures for picture puzzles from files: one named on the command line (--image), or one of
// the pictures in a directory the server's administrator chose (the CGI's picture=NAME, where
// NAME is a file's base name there and never a path).
//
//   Picture p = read_picture("cat.jpg", job.limits.render);
//   std::vector<std::string> names = app::picture_names("/srv/pictures");  // {"cat", ...}
//   Picture q = app::read_named_picture("/srv/pictures", "cat", job.limits.render);

#include <string>
#include <string_view>
#include <vector>

#include "render/animation/animation.hpp"
#include "slidegif/picture.hpp"

namespace slidegif::app {

// The extensions a picture file may have, in the order read_named_picture() tries them.
inline constexpr std::string_view kPictureExtensions[] = {".png", ".jpg", ".jpeg", ".webp", ".gif"};

// Whether `name` may name a picture: 1 to 64 letters, digits, '-' or '_' (so no path).
bool valid_picture_name(std::string_view name);
// The file names of the pictures in `dir` (regular files with a valid name and a picture
// extension; for a name with several, the one read_named_picture() reads), sorted by name;
// empty when `dir` is empty or unreadable.
std::vector<std::string> picture_files(const std::string& dir);
// Their names: the file names without the extension.
std::vector<std::string> picture_names(const std::string& dir);
// The picture called `name` in `dir`. Throws Error(BadInput) for an invalid or unknown name,
// or what read_picture() throws.
Picture read_named_picture(const std::string& dir, std::string_view name,
                           const RenderLimits& limits);

}  // namespace slidegif::app
