-- uncaught error: calling a nil value
local handlers = {
  start = function() return "started" end,
  pause = function() return "paused" end,
}
print(handlers.start())
print(handlers.pause())
print(handlers.stop())
print("never printed")
return handlers
