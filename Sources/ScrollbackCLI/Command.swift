import Scrollback
