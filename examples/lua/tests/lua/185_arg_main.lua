-- the arg table and ... of the main chunk
print(arg[0]:match("[^/]*$"))
print(#arg, arg[1])
print(select("#", ...))
local a, b = ...
print(a, b)
local t = {...}
print(#t)
print(type(arg), type(arg[-1]))
print(arg[0]:sub(-4))
