-- require a module that returns a function
local dir = arg[0]:match("(.*/)") or "./"
package.path = dir .. "?.lua;" .. package.path
local greet = require("mod_greet")
print(type(greet))
print(greet("Lua"), greet())
print(package.loaded["mod_greet"] == greet)
print(require("mod_greet") == greet)
print(type(package.path), type(package.cpath), type(package.searchers))
print(package.config:sub(1, 1))
