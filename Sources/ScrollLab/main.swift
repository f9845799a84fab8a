import ScrollLabCLI

// `scrolllab`: the window by default, and every command (`ScrollLabCommand`), drawing with SDL.
ScrollLabCommand.main(window: SDLWindowBuild())
