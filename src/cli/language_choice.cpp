#include "cli/language_choice.hpp"

#include <fmt/format.h>

#include <cstdlib>

#include "render/text/language.hpp"

namespace slidegif::cli {

LocaleEnv locale_env() {
  return {std::getenv("LC_ALL"), std::getenv("LC_MESSAGES"), std::getenv("LANG")};
}

std::string choose_language(const std::string& flag, const LocaleEnv& env,
                            const std::function<void(const std::string&)>& note) {
  const std::string english(detail::languages().front().code);
  if (!flag.empty()) {
    if (detail::find_language(flag) != nullptr) return flag;
    if (note) {
      note(fmt::format("no captions in language \"{}\" (known: {}); using English", flag,
                       fmt::join(detail::language_codes(), ", ")));
    }
    return english;
  }
  for (const char* value : {env.lc_all, env.lc_messages, env.lang}) {
    if (value == nullptr || *value == '\0') continue;
    // language[_TERRITORY][.codeset][@modifier]
    const std::string locale(value);
    const std::string code = locale.substr(0, locale.find_first_of("_.@"));
    return detail::find_language(code) != nullptr ? code : english;
  }
  return english;
}

}  // namespace slidegif::cli
