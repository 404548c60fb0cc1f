"""What players read, as neutral documents: the view model every surface draws.

The runtime hands out facts (:class:`bot.runtime.public.PublicState`, showdown data); this
package turns them into :class:`~bot.view.document.Document` s in the reader's language
(title, sections of lines, the cards shown, the moves open). The Discord renderer
(:mod:`bot.ui.render`) draws a document as an embed, the terminal (:mod:`bot.play.terminal`)
as lines, the web page as HTML. Nothing here imports discord.
"""
