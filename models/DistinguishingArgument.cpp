#include "DistinguishingArgument.h"

#include <array>
#include <string_view>

namespace {

// The argument after these is the program itself (java -jar APP.jar, python3 -m MODULE).
constexpr std::array<std::string_view, 3> kProgramOptions{"-jar", "-m", "--module"};

// Options of the common interpreters that take their value as the next argument: that value is
// not the program (java -cp CLASSPATH MAIN, python3 -X dev SCRIPT). Code given inline (-c, -e)
// names no program either, nor a data directory (postgres -D DIR, whose workers show no
// arguments: with it the postmaster would be told apart from its own workers).
constexpr std::array<std::string_view, 13> kOptionsWithValue{"-cp", "-classpath", "--class-path", "-p", "--module-path",
                                                             "-X", "-W", "-c", "-e", "--eval", "-r", "--require", "-D"};

template <std::size_t N> bool isOneOf(std::string_view argument, const std::array<std::string_view, N>& options)
{
    for (const std::string_view option : options) {
        if (argument == option)
            return true;
    }
    return false;
}

// "/opt/app/a.jar" -> "a.jar": the install directory differs between hosts, the program does not.
std::string fileName(const std::string& argument)
{
    const std::size_t slash = argument.find_last_of('/');
    if (slash == std::string::npos || slash + 1 == argument.size())
        return argument;
    return argument.substr(slash + 1);
}

} // namespace

std::string distinguishingArgument(const std::vector<std::string>& arguments)
{
    for (std::size_t i = 1; i < arguments.size(); ++i) {
        const std::string& argument = arguments[i];
        if (argument.empty())
            continue;
        if (isOneOf(argument, kProgramOptions))
            return i + 1 < arguments.size() ? fileName(arguments[i + 1]) : std::string();
        if (isOneOf(argument, kOptionsWithValue)) {
            ++i;
            continue;
        }
        if (argument.front() == '-')
            continue;
        return fileName(argument);
    }
    return {};
}
