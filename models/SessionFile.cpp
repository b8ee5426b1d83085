#include "SessionFile.h"

#include "UntrustedJson.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QSaveFile>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(SessionFile)
};

// A session is a few kilobytes; anything far larger is not one, and is not read whole.
constexpr qint64 kMaximumSize = 16 << 20;

// The limits of every untrusted JSON (UntrustedJson.h), with a session's own size.
runlens::format::JsonLimits sessionLimits()
{
    runlens::format::JsonLimits limits;
    limits.maxBytes = std::uint64_t(kMaximumSize);
    return limits;
}

} // namespace

namespace SessionFile {

std::optional<Session> read(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = Text::tr("%1 cannot be read: %2.").arg(path, file.errorString());
        return std::nullopt;
    }
    // One byte past the limit, so that a file too large is told from one that is just large.
    const QByteArray bytes = file.read(kMaximumSize + 1);
    // A session may come from anyone (a colleague's file, a damaged disk): the limits and number
    // rules of every untrusted JSON apply first, then Qt's reader builds the document.
    std::string untrusted;
    QString why;
    if (!runlens::format::tryParseUntrustedJson(std::string_view(bytes.constData(), std::size_t(bytes.size())), &untrusted,
                                                sessionLimits()))
        why = Text::tr("the file %1").arg(QString::fromStdString(untrusted));
    QJsonParseError parseError;
    const QJsonDocument document = why.isEmpty() ? QJsonDocument::fromJson(bytes, &parseError) : QJsonDocument();
    if (why.isEmpty() && parseError.error != QJsonParseError::NoError)
        why = Text::tr("it is not valid JSON (%1)").arg(parseError.errorString());
    std::optional<Session> session = why.isEmpty() ? Session::fromJson(document.object(), &why) : std::nullopt;
    if (!session)
        *error = Text::tr("%1 is not a usable session: %2.").arg(path, why);
    return session;
}

bool write(const Session& session, const QString& path, QString* error)
{
    // QSaveFile writes a temporary file and renames it over the old one on commit.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(session.toJson()).toJson()) < 0 || !file.commit()) {
        *error = Text::tr("The session could not be saved to %1: %2.").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace SessionFile
