-- nil and booleans: truthiness, equality, type
local a
print(a, type(a))
print(nil == false, nil == nil, false == false)
print(not nil, not false, not 0, not "", not {})
if 0 then print("0 is truthy") end
if "" then print("empty string is truthy") end
print(type(true), type(false))
print(tostring(true), tostring(false), tostring(nil))
print(true and 1, false and 1, nil and 1)
print(true or 1, false or 1, nil or "x")
print(nil and nil, false or nil, nil or false)
local t = {}
print(t.missing == nil, rawequal(nil, nil))
print(1 == 1.0, "1" == 1, true == 1)
local x = false
x = x or "default"
print(x)
local y = nil
y = y and y.field
print(y)
