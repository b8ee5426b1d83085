#include "GettingStartedDialog.h"

#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

GettingStartedDialog::GettingStartedDialog(QWidget* parent)
    : QDialog(parent)
    , m_browser(new QTextBrowser(this))
{
    setWindowTitle(tr("Getting Started"));
    m_browser->setOpenExternalLinks(true);
    m_browser->setHtml(tr(
        "<h2>Getting started with Runlens</h2>"
        "<ol>"
        "<li><b>Record.</b> On the host under test, while the workload runs: <code>runlens-rec record --name baseline --duration 4m</code>; "
        "change one thing and record again with <code>--name tuned</code>. Or let File › Connect to Host… do it over SSH.</li>"
        "<li><b>Open.</b> File › Open Runs… (or drop the archives onto the window). The first run is the baseline. "
        "The welcome page's Open the Demo Runs shows a comparison straight away.</li>"
        "<li><b>Look.</b> Double-click a metric in the browser to chart it. Drag in a chart to zoom (every chart follows), "
        "Shift+drag to select a time range, double-click or Ctrl+0 to zoom out.</li>"
        "<li><b>Compare.</b> The Summary (Ctrl+3) lists what changed beyond noise for the selection; the Flame Graph (Ctrl+4) "
        "shows where the CPU time went, red where the tuned run spends more.</li>"
        "<li><b>Share.</b> File › Export… writes charts, the summary or the flame graph as PNG, SVG or PDF.</li>"
        "</ol>"
        "<p>Ctrl+F searches in the panel you are working in. Help › Keyboard Shortcuts lists every key.</p>"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_browser);
    layout->addWidget(buttons);
    resize(620, 460);
}
