import ScrollLabCLI

// `scrolllab`: the window by default, and every command (`ScrollLabCommand`).
ScrollLabCommand.main()
