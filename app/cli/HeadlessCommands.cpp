#include "HeadlessCommands.h"

#include <array>
#include <cstring>

// Each command lives in its own file under app/cli/ and is declared here; keep the table sorted.
// (Entries are added as the commands land.)

namespace {

constexpr std::array<HeadlessCommand, 0> kCommands{};

} // namespace

std::span<const HeadlessCommand> headlessCommands()
{
    return kCommands;
}

const HeadlessCommand* findHeadlessCommand(const char* name)
{
    for (const HeadlessCommand& command : kCommands) {
        if (std::strcmp(command.name, name) == 0)
            return &command;
    }
    return nullptr;
}
