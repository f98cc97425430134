#compdef memctl

_memctl_completion() {
  eval $(env _TYPER_COMPLETE_ARGS="${words[1,$CURRENT]}" _MEMCTL_COMPLETE=complete_zsh memctl)
}

compdef _memctl_completion memctl
