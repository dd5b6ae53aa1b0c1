-- comments of every kind
print("start") -- trailing comment
--[[ a block comment
spanning lines print("not run")
]]
print("after block")
--[==[ a level-2 comment with ]] inside
print("not run")
]==]
print("after level comment")
---[[ this is a line comment, so the next line runs
print("runs because of ---[[")
--]]
local x = 1 --[[ inline ]] + 2
print(x)
--[=[]=] print("code after an empty long comment")
-- print("commented out")
local s = "-- not a comment inside a string"
print(s)
local t = {1, --[[ two ]] 3}
print(#t, t[2])
--
print("end")
