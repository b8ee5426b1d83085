// A failure of the remote layer, as one sentence for the user that names the host, the step that
// failed and, where there is one, the server's own message.
#pragma once

#include <QString>

#include <stdexcept>

class SshError : public std::runtime_error
{
public:
    enum class Kind { Connection, HostKeyUnknown, HostKeyChanged, Authentication, Command, Transfer, Checksum, Unsupported, Cancelled, Timeout };

    SshError(Kind kind, const QString& message)
        : std::runtime_error(message.toStdString())
        , m_kind(kind)
        , m_message(message)
    {
    }

    Kind kind() const { return m_kind; }
    QString message() const { return m_message; }

private:
    Kind m_kind;
    QString m_message;
};
