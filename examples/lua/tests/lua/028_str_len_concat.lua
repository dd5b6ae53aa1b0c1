-- # and .. on strings
print(#"", #"a", #"hello world")
local s = "abc"
print(s .. s, #(s .. s), s .. "" == s)
local t = {}
for i = 1, 10 do t[i] = string.char(64 + i) end
local acc = ""
for i = 1, #t do acc = acc .. t[i] end
print(acc, #acc)
print(("x"):rep(1000):len(), #("ab"):rep(500))
print("a" .. "b" .. "c" == "abc")
local x = "left" .. "-" .. "right"
print(x, x:len(), string.len(x))
print(#"\u{E9}", #"é")
print("con" .. "cat" .. 1 .. 2)
local big = {}
for i = 1, 100 do big[#big + 1] = "ab" end
print(#table.concat(big))
print(("%d"):format(#"12345"))
