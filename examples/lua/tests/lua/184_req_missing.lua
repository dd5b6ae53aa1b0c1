-- require of a missing module fails; a module without return gives true
local dir = arg[0]:match("(.*/)") or "./"
package.path = dir .. "?.lua;" .. package.path
local ok, err = pcall(require, "mod_does_not_exist")
print(ok, err:match("module 'mod_does_not_exist' not found") ~= nil)
local r = require("mod_noreturn")
print(r, MOD_NORETURN_VALUE, package.loaded.mod_noreturn)
package.preload["virtual_mod"] = function(name) return {from = "preload", name = name} end
local v = require("virtual_mod")
print(v.from, v.name, require("virtual_mod") == v)
print(package.loaded.string == string, package.loaded._G == _G)
