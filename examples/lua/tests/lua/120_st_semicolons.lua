-- empty statements, semicolons and layout
;;;
local a = 1; local b = 2;
print(a + b);
local c = 3 print(c)
local function f() ; return 1 ; end
print(f())
do ; end
for i = 1, 2 do ; end
if true then ; end
local t = {
  1,
  2
  ,
  3
}
print(#t)
local s
=
"spread over lines"
print(s)
print(
  "args",
  "on",
  "lines"
)
local v = (
  1 +
  2
)
print(v)
local x = 1; (print)("parenthesized call")
