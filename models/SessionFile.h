// A .runlens session file on disk: read with a sentence on what is wrong with it, written
// atomically (a crash never leaves half a session).
#pragma once

#include "Session.h"

#include <optional>

namespace SessionFile {

// nullopt with "PATH cannot be read: why." or "PATH is not a usable session: why." in *error.
std::optional<Session> read(const QString& path, QString* error);
// false with "The session could not be saved to PATH: why." in *error.
bool write(const Session& session, const QString& path, QString* error);

} // namespace SessionFile
