
ÿÿÿ garbage